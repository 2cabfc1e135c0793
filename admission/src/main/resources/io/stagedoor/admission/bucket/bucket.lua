-- Token buckets, all or nothing per decision, several decisions in one call. A transcription of
-- BucketArithmetic: change both or neither.
-- ARGV: the call's base clock in ms, the number of profiles P, then each profile: its key count k and three values
-- per key (capacity in units, units refilled per ms, cost in units); then one value per decision:
-- (its clock - base) x P + its profile's index from 0. KEYS: each decision's k keys, in the same order. State per
-- key is "<units>:<stamp ms>". Every number stays below 2^53 (the caller checks), so Lua's doubles hold them
-- exactly. Decisions run one after another, exactly as if each were its own call: a later one sees what an earlier
-- one took. Keys are read with one MGET up front and written once each at the end (the script runs atomically, so
-- no one can tell), each with the expiry of the last decision that wrote it.
-- Reply, per decision in turn: when admitted, the units left in each key; when refused, per key -1 - units and
-- the wait in ms (so the first value's sign says which).
local base, profiles = tonumber(ARGV[1]), tonumber(ARGV[2])
local first_key_of, key_count = {}, {}
local capacity_of, rate_of, cost_of, idle_of = {}, {}, {}, {}

local function ceil_div(a, b)
  local q = math.floor(a / b)
  if q * b < a then q = q + 1 end
  return q
end

local arg, shape = 3, 0
for p = 1, profiles do
  local k = tonumber(ARGV[arg])
  first_key_of[p], key_count[p] = shape + 1, k
  for _ = 1, k do
    shape = shape + 1
    local capacity, rate = tonumber(ARGV[arg + 1]), tonumber(ARGV[arg + 2])
    capacity_of[shape], rate_of[shape], cost_of[shape] = capacity, rate, tonumber(ARGV[arg + 3])
    -- idle keys expire after twice the time to fill an empty bucket: by then it is full anyway
    idle_of[shape] = 2 * ceil_div(capacity, rate)
    arg = arg + 3
  end
  arg = arg + 1
end

local fetched = {}
for from = 1, #KEYS, 4000 do
  local part = redis.call('MGET', unpack(KEYS, from, math.min(from + 3999, #KEYS)))
  for i = 1, #part do fetched[from + i - 1] = part[i] end
end

-- what this call has written so far, by key name
local units_now, stamp_now, idle_now, written = {}, {}, {}, {}
local reply, out = {}, 0
local levels, stamps = {}, {}
local key = 1
for d = arg, #ARGV do
  local v = tonumber(ARGV[d])
  local p = v % profiles
  local now = base + (v - p) / profiles
  p = p + 1
  local count, first = key_count[p], first_key_of[p] - 1
  local admitted = true
  for i = 1, count do
    local s = first + i
    local capacity, rate = capacity_of[s], rate_of[s]
    local name = KEYS[key + i - 1]
    local level, stamp = capacity, now
    local stored, stored_at = units_now[name], stamp_now[name]
    if stored == nil then
      local saved = fetched[key + i - 1]
      if saved then
        local sep = string.find(saved, ':', 1, true)
        stored, stored_at = tonumber(string.sub(saved, 1, sep - 1)), tonumber(string.sub(saved, sep + 1))
      end
    end
    if stored then
      level = math.min(stored, capacity)
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
    if level < cost_of[s] then admitted = false end
  end
  if admitted then
    for i = 1, count do
      local s, name = first + i, KEYS[key + i - 1]
      local level = levels[i] - cost_of[s]
      if units_now[name] == nil then written[#written + 1] = name end
      units_now[name], stamp_now[name], idle_now[name] = level, stamps[i], idle_of[s]
      out = out + 1
      reply[out] = level
    end
  else
    for i = 1, count do
      local s = first + i
      local level, stamp, rate = levels[i], stamps[i], rate_of[s]
      local wait = 0
      if level < cost_of[s] then
        -- a caller less than a second behind the stamp is a concurrent caller: measure from the stamp (its answer
        -- leaves after the call that stored it); a caller further behind has a skewed clock: measure from its own
        local from = now
        if stamp - now < 1000 then from = stamp end
        wait = stamp + ceil_div(cost_of[s] - level, rate) - from
      end
      reply[out + 1], reply[out + 2] = -1 - level, wait
      out = out + 2
    end
  end
  key = key + count
end

for i = 1, #written do
  local name = written[i]
  redis.call('SET', name, string.format('%d:%d', units_now[name], stamp_now[name]), 'PX', idle_now[name])
end
return reply
