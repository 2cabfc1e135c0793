-- Token buckets, all or nothing, in one call. A transcription of BucketArithmetic: change both or neither.
-- KEYS[i]: the buckets. ARGV[1]: the caller's clock in ms. Then three values per key: capacity in units,
-- units refilled per ms, cost in units. State per key is "<units>:<stamp ms>". Every number stays below
-- 2^51, so Lua's doubles hold them exactly.
-- Reply: {1 if admitted else 0, units1, wait1 ms, units2, wait2 ms, ...}.
local now = tonumber(ARGV[1])
local levels, stamps, reply = {}, {}, {1}
local admitted = true

local function ceil_div(a, b)
  local q = math.floor(a / b)
  if q * b < a then q = q + 1 end
  return q
end

for i = 1, #KEYS do
  local at = 2 + (i - 1) * 3
  local capacity, rate, cost = tonumber(ARGV[at]), tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2])
  local level, stamp = capacity, now
  local saved = redis.call('GET', KEYS[i])
  if saved then
    local sep = string.find(saved, ':', 1, true)
    local stored_at = tonumber(string.sub(saved, sep + 1))
    level = math.min(tonumber(string.sub(saved, 1, sep - 1)), capacity)
    if now > stored_at then
      -- compare with the time to fill first, so a long idle cannot overflow elapsed x rate
      if now - stored_at >= ceil_div(capacity - level, rate) then
        level = capacity
      else
        level = level + (now - stored_at) * rate
      end
    else
      -- a caller behind the stored time gets no refill and never moves the stored time back
      stamp = stored_at
    end
  end
  levels[i], stamps[i] = level, stamp
  local wait = 0
  if level < cost then
    admitted = false
    -- a caller less than a second behind the stamp is a concurrent caller: measure from the stamp (its answer
    -- leaves after the call that stored it); a caller further behind has a skewed clock: measure from its own
    local from = now
    if stamp - now < 1000 then from = stamp end
    wait = stamp + ceil_div(cost - level, rate) - from
  end
  reply[2 * i] = level
  reply[2 * i + 1] = wait
end

if not admitted then
  reply[1] = 0
  return reply
end
for i = 1, #KEYS do
  local at = 2 + (i - 1) * 3
  local capacity, rate = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
  local level = levels[i] - tonumber(ARGV[at + 2])
  -- idle keys expire after twice the time to fill an empty bucket: by then it is full anyway
  local idle = 2 * ceil_div(capacity, rate)
  redis.call('SET', KEYS[i], string.format('%d:%d', level, stamps[i]), 'PX', idle)
  reply[2 * i] = level
end
return reply
