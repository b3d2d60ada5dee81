-- A stand-in for the parts of Tabletop Simulator's Lua API that docs/tabletop_simulator.lua
-- uses, so Debian's lua5.2 and lua5.4 run the script itself against a live `mulligan serve`.
-- Needs lua-socket and lua-cjson. Every name, argument order and timing follows TTS's API
-- reference (https://api.tabletopsimulator.com/, sources in
-- github.com/Berserk-Games/Tabletop-Simulator-API, docs/*.md):
--
-- * WebRequest.custom(url, method, download, data, headers, callback_function)
--   (https://api.tabletopsimulator.com/webrequest/manager/): asynchronous; the callback gets
--   a request instance with is_error, error, response_code and text; a 4xx/5xx reply is NOT
--   is_error (https://api.tabletopsimulator.com/webrequest/instance/). There is no timeout
--   argument.
-- * Event handlers are globals the game calls (https://api.tabletopsimulator.com/events/):
--   onLoad(script_state) once a save has loaded ("" when nothing was saved); onSave() returns
--   a string, called at every save, autosave and rewind point; onObjectPickUp(player_color,
--   object); onObjectDrop(player_color, object); onObjectEnterZone(zone, object) and
--   onObjectLeaveZone(zone, object) for every zone, hand zones included (a hand zone is an
--   object of type "Hand", https://api.tabletopsimulator.com/built-in-object/ "HandTrigger";
--   its getValue() is its owner's colour, https://api.tabletopsimulator.com/object/#setvalue);
--   onObjectEnterContainer(container, object), which "Includes decks": a card dropped on a
--   deck enters it and its own object is gone.
--   onObjectLeaveContainer(container, object) when an object is taken out of one (by a player
--   or by takeObject); onObjectRotate(object, spin, flip, player_color, old_spin, old_flip),
--   "only called in response to explicit player rotation actions"; onObjectDestroy(object);
--   onPlayerTurn(player, previous_player) at the start of a turn, when Turns are enabled.
-- * Wait.time(func, seconds) and Wait.frames(func, frames)
--   (https://api.tabletopsimulator.com/wait/).
-- * Turns (https://api.tabletopsimulator.com/turns/): enable, order, turn_color (setting it
--   starts that colour's turn), endTurn(), getNextTurnColor().
-- * broadcastToColor(message, player_color, message_tint) and printToColor(message,
--   player_color, message_tint) (https://api.tabletopsimulator.com/base/).
-- * Player[color] (https://api.tabletopsimulator.com/player/instance/): color, seated,
--   steam_name, host, promoted, admin, getHandTransform() (position, rotation, scale,
--   forward, right, up), getHandObjects().
-- * Objects (https://api.tabletopsimulator.com/object/): guid/getGUID(), type, memo (saved
--   with the game), getName/setName, setDescription, getPosition/setPosition/
--   setPositionSmooth, isSmoothMoving(), getPositionSmooth(), setRotation/getRotation,
--   getZones(), getValue(), destruct(), isDestroyed(), getQuantity(), takeObject(parameters),
--   remainder, addContextMenuItem(label, callback); setCustomObject for CardCustom and DeckCustom
--   (https://api.tabletopsimulator.com/custom-game-objects/); spawnObject, getObjects and
--   getObjectFromGUID (https://api.tabletopsimulator.com/base/). A spawned "ScriptingTrigger"
--   reads type "Scripting".
-- * Global UI (https://api.tabletopsimulator.com/ui/): UI.setXml; an element's visibility is
--   a pipe-separated list of colours, "Host" (the host) and "Admin" (the host and promoted
--   players) (https://api.tabletopsimulator.com/ui/attributes/).
--
-- What the reference says and this models (https://api.tabletopsimulator.com/object/):
-- * setPositionSmooth(vector, collide, fast) "moves the Object smoothly": here over
--   SMOOTH_FRAMES frames (fast: a third of them), isSmoothMoving() true meanwhile, the zones
--   crossed reported on the way; a new move, setPosition or a player's pick-up stops it.
-- * takeObject(parameters): the object is placed at `position` ("defaults to container's
--   position + 2 on the x axis"), smoothly unless smooth = false, `top` (default true) or
--   `guid`/`index` say which; it "take[s] one or more frames to spawn" (callback_function
--   then). A deck "cannot exist with less than two contained objects": taking the second last
--   destroys it and its last card spawns in its place, as `remainder`.
-- * destruct() destroys the object: onObjectDestroy(object), then onObjectLeaveZone(zone,
--   object) for every zone it was in.
--
-- Time is virtual: `tts.now` advances as `pump` runs what is due, so a reply delayed by 20 s
-- costs nothing. A drag is reported in TTS's order: onObjectPickUp; a frame later the zones
-- left and entered as the card moves (onObjectLeaveZone/onObjectEnterZone); a frame later
-- onObjectDrop; and, a frame after it lands on a deck, onObjectEnterContainer.
--
-- Faults (tts.faults = {rate = 0.25}, tts.seed(n)): each request, with probability `rate`, is
-- dropped before the server (the callback gets is_error after 10 s), has its reply dropped
-- (the server acts, the callback gets is_error 2 to 10 s later), is duplicated (the server
-- gets it twice and the callback sees the second reply), is delayed (the reply comes 2 to
-- 30 s later) or never calls back (`never`: WebRequest has no timeout; half of these reach the
-- server, half do not, and the callback never runs). tts.plan gives chosen requests a chosen
-- fault, including `no_reply` (the server acts and the callback never comes: only the script's
-- own timeout notices).

local http = require("socket.http")
local ltn12 = require("ltn12")
local socket = require("socket")
local cjson = require("cjson")

local tts = {
  now = 0, seq = 0, jobs = {}, objects = {}, printed = {}, xml = "", requests = {},
  faults = nil,
  injected = { drop_request = 0, drop_reply = 0, duplicate = 0, delay = 0, never = 0, no_reply = 0 },
  latency = 0.05, frame = 1 / 60, smooth_frames = 30,
}

-- -- the scheduler ---------------------------------------------------------------------------

function tts.at(when, fn)
  tts.seq = tts.seq + 1
  table.insert(tts.jobs, { at = when, seq = tts.seq, fn = fn })
end

function tts.later(seconds, fn) tts.at(tts.now + seconds, fn) end

-- Runs what is due in time order (and what that schedules) until nothing is left.
function tts.pump(limit)
  local runs = 0
  while #tts.jobs > 0 do
    local best = 1
    for i = 2, #tts.jobs do
      local a, b = tts.jobs[i], tts.jobs[best]
      if a.at < b.at or (a.at == b.at and a.seq < b.seq) then best = i end
    end
    local job = table.remove(tts.jobs, best)
    if job.at > tts.now then tts.now = job.at end
    job.fn()
    runs = runs + 1
    if runs > (limit or 200000) then error("tts stand-in: too many callbacks") end
  end
end

Wait = {
  time = function(fn, seconds) tts.later(seconds or 0, fn); return tts.seq end,
  frames = function(fn, frames) tts.later((frames or 1) * tts.frame, fn); return tts.seq end,
}

-- A Park-Miller generator: the same faults under lua5.2 and lua5.4 for one seed.
local rng = 1
function tts.seed(seed) rng = (seed % 2147483646) + 1 end
function tts.random()
  rng = (16807 * rng) % 2147483647
  return rng / 2147483647
end

-- -- JSON and printing -----------------------------------------------------------------------

local function stripNull(value)
  if value == cjson.null then return nil end
  if type(value) == "table" then
    for k, v in pairs(value) do value[k] = stripNull(v) end
  end
  return value
end

-- TTS's JSON.decode gives Lua tables; JSON null becomes nil there, as here (json.md).
JSON = {
  encode = function(value) return cjson.encode(value) end,
  decode = function(text)
    local ok, value = pcall(cjson.decode, text)
    if not ok then return nil end
    return stripNull(value)
  end,
}

function print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring(select(i, ...)) end
  local line = table.concat(parts, " ")
  table.insert(tts.printed, line)
  if os.getenv("TTS_VERBOSE") then io.stderr:write("[tts] " .. line .. "\n") end
end
function log(value) print(tostring(value)) end
broadcastToAll = function(text) print(text) end
-- What each colour was told (base.md: printToColor, broadcastToColor): colour -> lines.
tts.told = {}
local function tell(text, color)
  tts.told[color] = tts.told[color] or {}
  table.insert(tts.told[color], text)
  print("(" .. color .. ") " .. text)
  return true
end
printToColor = function(text, color, tint) return tell(text, color) end
broadcastToColor = function(text, color, tint) return tell(text, color) end

-- -- web requests ----------------------------------------------------------------------------

local function perform(url, method, data, headers)
  local sink, send = {}, {}
  for k, v in pairs(headers or {}) do send[k] = v end
  if data and #data > 0 then send["Content-Length"] = tostring(#data) end
  local started = socket.gettime()
  local ok, code = http.request({
    url = url,
    method = method,
    headers = send,
    source = (data and #data > 0) and ltn12.source.string(data) or nil,
    sink = ltn12.sink.table(sink),
  })
  local entry = {
    method = method, url = url, status = ok and code or 0,
    seconds = socket.gettime() - started, at = tts.now,
    idempotency_key = send["Idempotency-Key"],
  }
  table.insert(tts.requests, entry)
  return ok, code, table.concat(sink), entry
end

-- tts.plan: faults for given requests, each {match = a piece of the URL, kind = a fault, once}:
-- the first request whose URL contains `match` (and its method, when `method` is set) gets it.
tts.plan = {}

local function fault(url, method)
  for _, f in ipairs(tts.plan) do
    if not f.used and url:find(f.match, 1, true) and (f.method == nil or f.method == method) then
      f.used = true
      tts.injected[f.kind] = tts.injected[f.kind] + 1
      return f.kind
    end
  end
  if tts.faults == nil or tts.random() >= tts.faults.rate then return nil end
  local kinds = { "drop_request", "drop_reply", "duplicate", "delay", "never" }
  local kind = kinds[math.floor(tts.random() * #kinds) + 1]
  tts.injected[kind] = tts.injected[kind] + 1
  return kind
end

WebRequest = {
  custom = function(url, method, download, data, headers, callback)
    local request = { url = url, method = method, is_done = false, is_error = false }
    local kind = fault(url, method)
    local function deliver(ok, code, text, delay)
      tts.later(delay, function()
        request.is_done = true
        if ok then
          request.response_code = code
          request.text = download and text or ""
        else
          request.is_error = true
          request.error = "Request timeout"
          request.text = ""
        end
        if callback then callback(request) end
      end)
    end
    -- The request reaches the server a moment after it is sent, the reply a moment later.
    tts.later(tts.latency / 2, function()
      if kind == "drop_request" then return deliver(false, nil, nil, 10) end
      -- No reply, ever: half of these never reached the server.
      if kind == "never" and tts.random() < 0.5 then return end
      local ok, code, text, entry = perform(url, method, data, headers)
      if kind == "never" then entry.fault = kind; return end
      entry.fault = kind
      if kind == "duplicate" then ok, code, text = perform(url, method, data, headers) end
      if kind == "drop_reply" then return deliver(false, nil, nil, 2 + tts.random() * 8) end
      if kind == "no_reply" then return end -- the server acted; the callback never comes
      if not ok then return deliver(false, nil, nil, tts.latency / 2) end
      local delay = tts.latency / 2
      if kind == "delay" then delay = 2 + tts.random() * 28 end
      deliver(true, code, text, delay)
    end)
    return request
  end,
}

-- -- objects and zones -----------------------------------------------------------------------

local guid = 0
local byGuid = {}

local function vec(p) return { x = p.x or p[1] or 0, y = p.y or p[2] or 0, z = p.z or p[3] or 0 } end

-- Zones are axis-aligned boxes in x and z (half extents hx, hz) here.
local function inside(zone, p)
  return math.abs(p.x - zone.position.x) <= zone.hx and math.abs(p.z - zone.position.z) <= zone.hz
end

local function zonesAt(p, obj)
  local found = {}
  for _, z in ipairs(tts.objects) do
    if z.alive and z.is_zone and z ~= obj and inside(z, p) then table.insert(found, z) end
  end
  return found
end

local function fire(name, ...)
  local handler = _G[name]
  if handler then handler(...) end
end

-- Moves an object and reports the zones it left and entered (a frame later, as TTS does).
local function moveTo(obj, p, now)
  local before = zonesAt(obj.position, obj)
  obj.position = vec(p)
  local after = zonesAt(obj.position, obj)
  local function has(list, z) for _, v in ipairs(list) do if v == z then return true end end end
  local events = {}
  for _, z in ipairs(before) do
    if not has(after, z) then table.insert(events, { "onObjectLeaveZone", z }) end
  end
  for _, z in ipairs(after) do
    if not has(before, z) then table.insert(events, { "onObjectEnterZone", z }) end
  end
  local function run()
    for _, e in ipairs(events) do if obj.alive then fire(e[1], e[2], obj) end end
  end
  if now then run() else tts.later(tts.frame, run) end
end

local function blank(custom)
  guid = guid + 1
  return { type = "Card", guid = string.format("%06x", guid), name = "", custom = { face = custom.back, back = custom.back } }
end

function tts.newObject(params)
  guid = guid + 1
  local obj = {
    type = params.type, alive = true, position = vec(params.position or {}),
    rotation = vec(params.rotation or {}), name = params.name or "", memo = params.memo,
    guid = params.guid or string.format("%06x", guid), contained = {}, menu = {},
  }
  if obj.type == "ScriptingTrigger" then obj.type = "Scripting" end
  if obj.type == "HandTrigger" then obj.type = "Hand" end
  if obj.type == "DeckCustom" then obj.type = "Deck" end
  if obj.type == "CardCustom" then obj.type = "Card" end
  obj.is_zone = obj.type == "Scripting" or obj.type == "Hand"
  local scale = vec(params.scale or { x = 1, y = 1, z = 1 })
  obj.hx, obj.hz = scale.x / 2, scale.z / 2
  -- custom-game-objects.md: a custom deck of `number` cards of its sheet (here: its backs).
  obj.setCustomObject = function(custom)
    obj.custom = custom
    if obj.type == "Deck" and #obj.contained == 0 then
      for _ = 1, custom.number or 2 do table.insert(obj.contained, blank(custom)) end
    end
    return true
  end
  obj.getCustomObject = function() return obj.custom end
  obj.setName = function(name) obj.name = name; return true end
  obj.getName = function() return obj.name end
  obj.setDescription = function(text) obj.description = text; return true end
  obj.getGUID = function() return obj.guid end
  obj.getPosition = function() return vec(obj.position) end
  -- A smooth move in progress: its target, and a number that a newer move (or a pick-up)
  -- changes, which stops it.
  obj.moves = 0
  obj.setPosition = function(p)
    obj.moves = obj.moves + 1
    obj.smooth_target = nil
    moveTo(obj, p)
    return true
  end
  -- object.md, setPositionSmooth(vector, collide, fast): the object travels over frames.
  obj.setPositionSmooth = function(p, collide, fast)
    obj.moves = obj.moves + 1
    local move, from, to = obj.moves, vec(obj.position), vec(p)
    local frames = fast and math.ceil(tts.smooth_frames / 3) or tts.smooth_frames
    obj.smooth_target = to
    for k = 1, frames do
      tts.later(k * tts.frame, function()
        if not obj.alive or obj.moves ~= move then return end
        local t = k / frames
        moveTo(obj, {
          x = from.x + (to.x - from.x) * t, y = from.y + (to.y - from.y) * t,
          z = from.z + (to.z - from.z) * t,
        }, true)
        if k == frames then obj.smooth_target = nil end
      end)
    end
    return true
  end
  obj.isSmoothMoving = function() return obj.smooth_target ~= nil end
  obj.getPositionSmooth = function() return obj.smooth_target and vec(obj.smooth_target) end
  obj.setRotation = function(r) obj.rotation = vec(r); return true end
  obj.getRotation = function() return vec(obj.rotation) end
  obj.setLock = function(v) obj.locked = v; return true end
  obj.getValue = function() return obj.value end
  obj.setValue = function(v) obj.value = v; return true end
  obj.getZones = function() return zonesAt(obj.position, obj) end
  obj.isDestroyed = function() return not obj.alive end
  obj.getQuantity = function()
    if obj.type == "Deck" then return #obj.contained end
    return -1
  end
  -- object.md, addContextMenuItem(label, callback, keep_open): callback(player_color,
  -- object_position, object) when a player picks the item.
  obj.addContextMenuItem = function(label, callback)
    table.insert(obj.menu, { label = label, callback = callback })
    return true
  end
  obj.clearContextMenu = function() obj.menu = {}; return true end
  -- object.md, destruct(); events.md: onObjectDestroy, then the zones it was in are left.
  obj.destruct = function()
    if not obj.alive then return false end
    fire("onObjectDestroy", obj)
    local zones = obj.is_zone and {} or zonesAt(obj.position, obj)
    obj.alive = false
    byGuid[obj.guid] = nil
    for _, z in ipairs(zones) do fire("onObjectLeaveZone", z, obj) end
    return true
  end
  -- object.md, takeObject(parameters) (see the top of this file).
  obj.takeObject = function(p)
    p = p or {}
    local at = nil
    for i, data in ipairs(obj.contained) do
      if (p.guid ~= nil and data.guid == p.guid) or (p.guid == nil and p.index ~= nil and i == p.index + 1) then at = i end
    end
    if p.guid == nil and p.index == nil and #obj.contained > 0 then
      at = (p.top == false) and #obj.contained or 1
    end
    if at == nil then return nil end
    local data = table.remove(obj.contained, at)
    local start = vec(obj.position)
    start.y = start.y + 1
    local taken = tts.newObject({ type = data.type, guid = data.guid, name = data.name, memo = data.memo, position = start })
    taken.custom = data.custom
    local target = p.position and vec(p.position) or { x = obj.position.x + 2, y = obj.position.y, z = obj.position.z }
    if p.smooth == false then taken.setPosition(target) else taken.setPositionSmooth(target) end
    fire("onObjectLeaveContainer", obj, taken)
    if p.callback_function then tts.later(tts.frame, function() p.callback_function(taken) end) end
    if obj.type == "Deck" and #obj.contained == 1 then
      -- The deck is gone; its last card spawns in its place.
      local last = table.remove(obj.contained, 1)
      local remainder = tts.newObject({ type = last.type, guid = last.guid, name = last.name, memo = last.memo, position = obj.position })
      remainder.custom = last.custom
      obj.remainder = remainder
      obj.destruct()
    end
    return taken
  end
  table.insert(tts.objects, obj)
  byGuid[obj.guid] = obj
  return obj
end

-- spawnObject (https://api.tabletopsimulator.com/base/#spawnobject): the object exists at
-- once and is reported in the zones it lands in; its GUID is final only once it has spawned,
-- a frame later ("assigned correctly once the spawning member variable becomes false",
-- object.md), when `callback_function` runs.
function spawnObject(params)
  local obj = tts.newObject(params)
  local final = obj.guid
  byGuid[final] = nil
  obj.guid = "spawning-" .. final
  obj.spawning = true
  moveTo(obj, obj.position)
  tts.later(tts.frame, function()
    obj.guid = final
    obj.spawning = false
    if obj.alive then byGuid[final] = obj end
    if params.callback_function then params.callback_function(obj) end
  end)
  return obj
end

function destroyObject(obj) return obj.destruct() end
function getObjectFromGUID(g) return byGuid[g] end
function getObjects()
  local all = {}
  for _, o in ipairs(tts.objects) do if o.alive then table.insert(all, o) end end
  return all
end
getAllObjects = getObjects

-- -- players and their hands -----------------------------------------------------------------

-- A default table's seats, roughly: each hand faces the centre.
local seats = {
  White = { p = { x = 0, y = 3, z = -30 }, ry = 0 },
  Red = { p = { x = 0, y = 3, z = 30 }, ry = 180 },
  Blue = { p = { x = 30, y = 3, z = 0 }, ry = 270 },
  Green = { p = { x = -30, y = 3, z = 0 }, ry = 90 },
}

Player = {}
tts.hands = {}
for color, s in pairs(seats) do
  local a = math.rad(s.ry)
  local forward = { x = math.sin(a), y = 0, z = math.cos(a) }
  local right = { x = math.cos(a), y = 0, z = -math.sin(a) }
  local sideways = s.ry == 90 or s.ry == 270
  local zone = tts.newObject({
    type = "HandTrigger", position = s.p,
    scale = sideways and { x = 5, y = 5, z = 16 } or { x = 16, y = 5, z = 5 },
  })
  zone.value = color
  tts.hands[color] = zone
  Player[color] = {
    color = color, seated = true, steam_name = nil, host = false, promoted = false,
    admin = false,
    getHandTransform = function()
      return {
        position = vec(s.p), rotation = { x = 0, y = s.ry, z = 0 }, scale = { x = 1, y = 1, z = 1 },
        forward = forward, right = right, up = { x = 0, y = 1, z = 0 },
      }
    end,
    getHandObjects = function()
      local held = {}
      for _, o in ipairs(tts.objects) do
        if o.alive and not o.is_zone and inside(zone, o.position) then table.insert(held, o) end
      end
      return held
    end,
  }
end
Player.White.host = true
Player.White.admin = true

function tts.promote(color)
  Player[color].promoted = true
  Player[color].admin = true
end

function getSeatedPlayers()
  local seated = {}
  for color, p in pairs(Player) do if type(p) == "table" and p.seated then table.insert(seated, color) end end
  table.sort(seated)
  return seated
end

-- Notes: the notebook tabs the script reads deck lists from.
tts.tabs = {}
Notes = { getNotebookTabs = function() return tts.tabs end }

-- -- saving and loading ----------------------------------------------------------------------

-- What TTS keeps in a save: the objects (with memo and GUID) and the script's onSave string.
function tts.save()
  local objects = {}
  for _, o in ipairs(tts.objects) do
    if o.alive and o.type ~= "Hand" then
      table.insert(objects, {
        type = o.type, guid = o.guid, name = o.name, memo = o.memo, position = o.position,
        rotation = o.rotation, custom = o.custom, scale = { x = o.hx * 2, y = 1, z = o.hz * 2 },
        contained = o.contained, description = o.description,
      })
    end
  end
  return { script_state = onSave and onSave() or "", objects = objects }
end

-- Loads a save into this (fresh) stand-in: the objects come back, then onLoad(script_state).
function tts.load(saved)
  for _, data in ipairs(saved.objects) do
    local obj = tts.newObject(data)
    obj.custom = data.custom
    obj.description = data.description
    obj.contained = data.contained or {}
    local n = tonumber(data.guid, 16)
    if n and n > guid then guid = n end
  end
  if onLoad then onLoad(saved.script_state or "") end
end

-- What the players do (drags, pulls, rotations, menus, End Turn) and the Global UI: in
-- tests/tts/tts_players.lua, given the internals they need.
tts.fire, tts.moveTo = fire, moveTo
tts.forget = function(obj) byGuid[obj.guid] = nil end
require("tts_players")(tts)

return tts
