-- wrk script for durable edits: sixteen lists edited at once, one post in flight a list, each
-- cycling an add, delete, move down, move up and an inclusive-list selection (checking and
-- unchecking in turn). Every post carries the CSRF token and the list's current revision, read
-- from X-TableStack-Revision.
--
-- Arguments after `--`: the CSRF token, the cookie, the number of the group before the first one
-- edited (0: group-1 is the first; another wrk against a second server takes the groups after
-- the first one's), wrk's thread count, then the revision of each group edited, in order: one a
-- connection (`run.edits_load` reads them before the run and gives wrk the same counts). A thread
-- keeps the state of its groups (the first thread the first, the threads+1-th and so on) and a
-- queue of those ready to post: whichever of its connections asks next posts for the list at the
-- head, and a response names its list in its Location header. A few threads drive all sixteen
-- connections because a thread a connection costs a fifth of two cores and wakes for every
-- response.
local counter = 0
local threads = {}

function setup(thread)
  counter = counter + 1
  thread:set("index", counter)
  table.insert(threads, thread)
end

function init(args)
  csrf = args[1]
  local cookie = args[2]
  local offset = tonumber(args[3])
  local threadCount = tonumber(args[4])
  local host = wrk.headers["Host"] or (wrk.host .. ":" .. wrk.port)
  head = " HTTP/1.1\r\nHost: " .. host .. "\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: text/html\r\nCookie: "
    .. cookie .. "\r\nContent-Length: "
  groups = {}
  ready = {}
  for number = index, #args - 4, threadCount do
    local name = "group-" .. (offset + number)
    groups[name] = { name = name, revision = args[4 + number], step = 0 }
    table.insert(ready, name)
  end
  edits = 0
  refused = 0
  -- wrk asks the first thread for a request once before it connects, to see how many requests
  -- it holds: that one is built without taking a group from the queue.
  verifying = index == 1
end

local function post(path, group, fields)
  local body = "csrf=" .. csrf .. "&revision=" .. group.revision:gsub("=", "%%3D"):gsub(";", "%%3B") .. "&editing=1&" .. fields
  return "POST " .. path .. head .. #body .. "\r\n\r\n" .. body
end

function request()
  local name = verifying and ready[1] or table.remove(ready, 1)
  verifying = false
  if not name then error("edits.lua: no list of this thread is ready to post (one revision a connection, and wrk's thread count, are expected)") end
  local group = groups[name]
  local base = "/groups/" .. name .. "/"
  local operation = group.step % 5
  if operation == 0 then
    return post(base .. "_/add", group, "name=New+Item")
  elseif operation == 1 and group.inserted then
    return post(base .. "_/delete", group, "key=" .. group.inserted)
  elseif operation == 2 then
    return post(base .. "_/move-down", group, "key=" .. name .. "-3")
  elseif operation == 3 then
    return post(base .. "_/move-up", group, "key=" .. name .. "-3")
  else
    local action = math.floor(group.step / 5) % 2 == 0 and "select" or "deselect"
    return post("/groups/" .. name .. "~info/_/" .. action, group, "key=" .. name .. "-5")
  end
end

function response(status, headers, body)
  local location = headers["Location"] or headers["location"] or ""
  local revision = headers["X-TableStack-Revision"] or headers["x-tablestack-revision"]
  local group = groups[location:match("^/groups/(group%-%d+)") or ""]
  if status == 303 and group then
    edits = edits + 1
    group.revision = revision or group.revision
    if group.step % 5 == 0 then group.inserted = location:match("#row%-(.+)$") end
    group.step = group.step + 1
    table.insert(ready, group.name)
    return
  end
  -- A refused post (none should be): its page's form names the list and holds its revision now.
  refused = refused + 1
  group = groups[body:match('action="/groups/(group%-%d+)[/~]') or ""]
  local current = body:match('name="revision" value="([^"]+)"')
  if not (group and current) then error("edits.lua: a refused post (" .. status .. ") whose page names no list of this thread") end
  group.revision = current
  table.insert(ready, group.name)
end

function done(summary, latency, requests)
  -- Only acknowledged edits (303) count; refused posts (4xx) are reported beside them.
  local acknowledged, refusals = 0, 0
  for _, thread in ipairs(threads) do
    acknowledged = acknowledged + (thread:get("edits") or 0)
    refusals = refusals + (thread:get("refused") or 0)
  end
  io.write(string.format("EDITS %d REFUSED %d\n", acknowledged, refusals))
end
