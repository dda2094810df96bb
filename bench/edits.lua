-- wrk script for durable edits: each thread edits its own list (16 threads, one connection each),
-- cycling an add, delete, move down, move up and an inclusive-list selection (checking and
-- unchecking in turn). Every post carries the CSRF token and the list's current revision, read
-- from X-TableStack-Revision. An optional third argument offsets the groups (group-1 becomes
-- group-(1 + offset)), so that two wrk processes against two servers edit different lists.
local counter = 0
local threads = {}

function setup(thread)
  counter = counter + 1
  thread:set("group", "group-" .. counter)
  table.insert(threads, thread)
end

function init(args)
  csrf = args[1]
  cookie = args[2]
  -- A second wrk against another server takes the groups after the first one's.
  if args[3] then group = "group-" .. (tonumber(group:match("%d+")) + tonumber(args[3])) end
  revision = nil
  step = 0
  inserted = nil
  edits = 0
end

local function post(path, fields)
  local body = "csrf=" .. csrf .. "&revision=" .. revision:gsub("=", "%%3D"):gsub(";", "%%3B") .. "&editing=1&" .. fields
  return wrk.format("POST", path, { ["Content-Type"] = "application/x-www-form-urlencoded", ["Accept"] = "text/html",
                                    ["Cookie"] = cookie }, body)
end

function request()
  local base = "/groups/" .. group .. "/"
  if revision == nil then
    return wrk.format("GET", base, { ["Accept"] = "application/json", ["Cookie"] = cookie })
  end
  local operation = step % 5
  if operation == 0 then
    return post(base .. "_/add", "name=New+Item")
  elseif operation == 1 and inserted then
    return post(base .. "_/delete", "key=" .. inserted)
  elseif operation == 2 then
    return post(base .. "_/move-down", "key=" .. group .. "-3")
  elseif operation == 3 then
    return post(base .. "_/move-up", "key=" .. group .. "-3")
  else
    local action = math.floor(step / 5) % 2 == 0 and "select" or "deselect"
    return post("/groups/" .. group .. "~info/_/" .. action, "key=" .. group .. "-5")
  end
end

function response(status, headers, body)
  if revision == nil then
    revision = body:match('"revision" : "([^"]+)"') or body:match('"revision":"([^"]+)"')
    return
  end
  if status == 303 then
    edits = edits + 1
    revision = headers["X-TableStack-Revision"] or headers["x-tablestack-revision"] or revision
    local anchor = (headers["Location"] or headers["location"] or ""):match("#row%-(.+)$")
    if step % 5 == 0 then inserted = anchor end
    step = step + 1
  else
    -- A refused edit (should not happen): learn the revision again.
    revision = nil
  end
end

function done(summary, latency, requests)
  -- Only acknowledged edits (303) count; refused posts (4xx) are reported beside them.
  local acknowledged = 0
  for _, thread in ipairs(threads) do acknowledged = acknowledged + (thread:get("edits") or 0) end
  io.write(string.format("EDITS %d REFUSED %d\n", acknowledged, summary.errors.status))
end
