-- Give back tokens taken by one slot's share of a request that another slot refused (Redis Cluster only).
-- KEYS[i]: the buckets. Two values per key: capacity in units, cost in units. The stamp and the expiry stay
-- as they are: the level only rises, so the existing expiry still outlives the time to fill.
for i = 1, #KEYS do
  local saved = redis.call('GET', KEYS[i])
  if saved then
    local sep = string.find(saved, ':', 1, true)
    local capacity, cost = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
    local level = math.min(tonumber(string.sub(saved, 1, sep - 1)) + cost, capacity)
    redis.call('SET', KEYS[i], string.format('%d:%s', level, string.sub(saved, sep + 1)), 'KEEPTTL')
  end
end
return #KEYS
