-- Token buckets, all or nothing per decision, several decisions in one call. A transcription of
-- BucketArithmetic: change both or neither.
-- ARGV, per decision in turn: the caller's clock in ms, its key count k, then three values per key: capacity in
-- units, units refilled per ms, cost in units. KEYS: each decision's k keys, in the same order. State per key is
-- "<units>:<stamp ms>". Every number stays below 2^51, so Lua's doubles hold them exactly. Decisions run one
-- after another, exactly as if each were its own call: a later one sees what an earlier one took.
-- Reply, per decision in turn: {1 if admitted else 0, units1, wait1 ms, units2, wait2 ms, ...}.
local reply = {}

local function ceil_div(a, b)
  local q = math.floor(a / b)
  if q * b < a then q = q + 1 end
  return q
end

local function decide(now, first_key, first_arg, count)
  local head = #reply + 1
  reply[head] = 1
  local levels, stamps = {}, {}
  local admitted = true
  for i = 1, count do
    local at = first_arg + (i - 1) * 3
    local capacity, rate, cost = tonumber(ARGV[at]), tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2])
    local level, stamp = capacity, now
    local saved = redis.call('GET', KEYS[first_key + i - 1])
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
    reply[head + 2 * i - 1] = level
    reply[head + 2 * i] = wait
  end
  if not admitted then
    reply[head] = 0
    return
  end
  for i = 1, count do
    local at = first_arg + (i - 1) * 3
    local capacity, rate = tonumber(ARGV[at]), tonumber(ARGV[at + 1])
    local level = levels[i] - tonumber(ARGV[at + 2])
    -- idle keys expire after twice the time to fill an empty bucket: by then it is full anyway
    local idle = 2 * ceil_div(capacity, rate)
    redis.call('SET', KEYS[first_key + i - 1], string.format('%d:%d', level, stamps[i]), 'PX', idle)
    reply[head + 2 * i - 1] = level
  end
end

local arg, key = 1, 1
while arg <= #ARGV do
  local count = tonumber(ARGV[arg + 1])
  decide(tonumber(ARGV[arg]), key, arg + 2, count)
  arg = arg + 2 + 3 * count
  key = key + count
end
return reply
