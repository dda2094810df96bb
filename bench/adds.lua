-- wrk script for many editors at once: sixteen threads (one connection each) post the Add form,
-- all to group-1's list ("shared") or each to its own group's list ("own"). Each post carries
-- the revision of the page it was "read" from, read once at the start and never again: an add
-- never conflicts with another change, so none may be refused however stale the page. The bench
-- reads those revisions before the run and passes them after the mode: one for "shared", one a
-- group for "own" (group-1 first). Without them each thread reads its list's JSON first.
local counter = 0
local threads = {}

function setup(thread)
  counter = counter + 1
  thread:set("number", counter)
  table.insert(threads, thread)
end

function init(args)
  csrf = args[1]
  cookie = args[2]
  mode = args[3]
  group = mode == "shared" and "group-1" or ("group-" .. number)
  revision = args[4] and (mode == "shared" and args[4] or args[3 + number]) or nil
  if args[4] and not revision then error("adds.lua: no revision for group-" .. number .. " (one a group is expected)") end
  adds = 0
  refused = 0
  sent = 0
end

function request()
  local base = "/groups/" .. group .. "/"
  if revision == nil then
    return wrk.format("GET", base, { ["Accept"] = "application/json", ["Cookie"] = cookie })
  end
  sent = sent + 1
  local body = "csrf=" .. csrf .. "&revision=" .. revision:gsub("=", "%%3D"):gsub(";", "%%3B") .. "&name=Item+" .. number .. "-" .. sent
  return wrk.format("POST", base .. "_/add", { ["Content-Type"] = "application/x-www-form-urlencoded", ["Accept"] = "text/html",
                                               ["Cookie"] = cookie }, body)
end

function response(status, headers, body)
  if revision == nil then
    revision = body:match('"revision" : "([^"]+)"') or body:match('"revision":"([^"]+)"')
  elseif status == 303 then
    adds = adds + 1
  else
    refused = refused + 1
  end
end

function done(summary, latency, requests)
  local acknowledged, refusals = 0, 0
  for _, thread in ipairs(threads) do
    acknowledged = acknowledged + (thread:get("adds") or 0)
    refusals = refusals + (thread:get("refused") or 0)
  end
  io.write(string.format("EDITS %d REFUSED %d\n", acknowledged, refusals))
end
