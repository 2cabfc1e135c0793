-- wrk script of bench/run storm and gateway: every request is a one-seat hold by the next buyer of the token file
-- STORM_TOKENS names; thread k of STORM_THREADS takes buyers k, k + STORM_THREADS, ..., so no two threads share a
-- buyer until the file wraps. Counts statuses per thread for done(). The buyer goes in header STORM_HEADER (default
-- Authorization) after STORM_PREFIX (default "Bearer "); an empty STORM_HEADER sends none. STORM_METHOD GET (default
-- POST) sends no body.
local tokens = {}
for line in io.lines(os.getenv("STORM_TOKENS")) do
  tokens[#tokens + 1] = line
end
local path = os.getenv("STORM_PATH")
local method = os.getenv("STORM_METHOD") or "POST"
local header = os.getenv("STORM_HEADER") or "Authorization"
local prefix = os.getenv("STORM_PREFIX") or "Bearer "
local body = nil
local fixed = {}
if method == "POST" then
  body = '{"seats":["' .. os.getenv("STORM_SEAT") .. '"]}'
  fixed["Content-Type"] = "application/json"
end
local threads = {}
local counter = 1

function setup(thread)
  thread:set("offset", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local stride = tonumber(os.getenv("STORM_THREADS"))

function init(args)
  next_buyer = offset - 1
  statuses = {}
end

function request()
  local token = tokens[(next_buyer % #tokens) + 1]
  next_buyer = next_buyer + stride
  local headers = {}
  for name, value in pairs(fixed) do
    headers[name] = value
  end
  if header ~= "" then
    headers[header] = prefix .. token
  end
  return wrk.format(method, path, headers, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local all = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      all[status] = (all[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(all) do
    parts[#parts + 1] = status .. "=" .. n
  end
  table.sort(parts)
  io.write(string.format("STORM requests=%d seconds=%.3f p50us=%d p99us=%d errors=%d statuses=%s\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    table.concat(parts, ",")))
end
