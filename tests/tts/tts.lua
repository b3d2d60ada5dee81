-- A small stand-in for the parts of Tabletop Simulator's Lua API that
-- docs/tabletop_simulator.lua uses, so Debian's lua5.4 can run the script itself against a
-- live `mulligan serve`: WebRequest.custom (asynchronous, as in TTS: the callback runs later,
-- from `pump`), JSON, spawnObject with CardCustom objects, Player[color] with a hand
-- transform, Global UI (UI.setXml and the buttons' onClick handlers), Notes, Wait and print.
-- Needs lua-socket and lua-cjson.

local http = require("socket.http")
local ltn12 = require("ltn12")
local cjson = require("cjson")

local tts = { queue = {}, objects = {}, printed = {}, xml = "", requests = {} }

-- JSON: TTS's JSON.decode gives Lua tables; JSON null becomes nil there, as here.
JSON = {
  encode = function(value) return cjson.encode(value) end,
  decode = function(text)
    local ok, value = pcall(cjson.decode, text)
    if not ok then return nil end
    return tts.strip_null(value)
  end,
}

function tts.strip_null(value)
  if value == cjson.null then return nil end
  if type(value) == "table" then
    for k, v in pairs(value) do value[k] = tts.strip_null(v) end
  end
  return value
end

-- WebRequest.custom(url, method, download, data, headers, callback): queued, performed by pump.
WebRequest = {
  custom = function(url, method, download, data, headers, callback)
    local request = { url = url, method = method, is_done = false }
    table.insert(tts.queue, function()
      local sink = {}
      local send = {}
      for k, v in pairs(headers or {}) do send[k] = v end
      if data and #data > 0 then send["Content-Length"] = tostring(#data) end
      local ok, code = http.request({
        url = url,
        method = method,
        headers = send,
        source = (data and #data > 0) and ltn12.source.string(data) or nil,
        sink = ltn12.sink.table(sink),
      })
      table.insert(tts.requests, { method = method, url = url, status = code })
      request.is_done = true
      if not ok then
        request.is_error = true
        request.error = tostring(code)
        request.text = ""
      else
        request.is_error = false
        request.response_code = code
        request.text = download and table.concat(sink) or ""
      end
      if callback then callback(request) end
    end)
    return request
  end,
}

Wait = {
  time = function(fn, seconds) table.insert(tts.queue, fn) end,
  frames = function(fn, frames) table.insert(tts.queue, fn) end,
}

-- Runs queued callbacks (and those they queue) until none is left.
function tts.pump(limit)
  local runs = 0
  while #tts.queue > 0 do
    local job = table.remove(tts.queue, 1)
    job()
    runs = runs + 1
    if runs > (limit or 10000) then error("tts stand-in: too many callbacks") end
  end
end

function print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring(select(i, ...)) end
  local line = table.concat(parts, " ")
  table.insert(tts.printed, line)
  io.stderr:write("[tts] " .. line .. "\n")
end
broadcastToAll = function(text) print(text) end
printToColor = function(text, color) print("(" .. color .. ") " .. text) end

-- Objects: what spawnObject made, and what the script set on them.
local guid = 0
function spawnObject(params)
  guid = guid + 1
  local obj = {
    type = params.type,
    position = params.position,
    rotation = params.rotation,
    alive = true,
    memo = nil,
    guid = string.format("%06x", guid),
  }
  obj.setCustomObject = function(custom) obj.custom = custom end
  obj.setName = function(name) obj.name = name end
  obj.getName = function() return obj.name end
  obj.setDescription = function(text) obj.description = text end
  obj.getGUID = function() return obj.guid end
  obj.setPosition = function(p) obj.position = p end
  obj.setPositionSmooth = function(p) obj.position = p end
  obj.destruct = function() obj.alive = false; return true end
  obj.getCustomObject = function() return obj.custom end
  table.insert(tts.objects, obj)
  if params.callback_function then
    table.insert(tts.queue, function() params.callback_function(obj) end)
  end
  return obj
end

function destroyObject(obj) return obj.destruct() end

-- Players: colours with a hand zone each (the transforms of a default table, roughly).
local hands = {
  White = { x = 0, y = 3, z = -30 },
  Red = { x = 0, y = 3, z = 30 },
  Blue = { x = 30, y = 3, z = 0 },
  Green = { x = -30, y = 3, z = 0 },
}
Player = {}
for color, pos in pairs(hands) do
  Player[color] = {
    color = color,
    seated = true,
    steam_name = nil,
    getHandTransform = function()
      return { position = pos, rotation = { x = 0, y = 0, z = 0 }, scale = { x = 1, y = 1, z = 1 } }
    end,
  }
end
function getSeatedPlayers()
  local seated = {}
  for color, p in pairs(Player) do if p.seated then table.insert(seated, color) end end
  table.sort(seated)
  return seated
end

-- Notes: the notebook tabs the script reads deck lists from.
tts.tabs = {}
Notes = { getNotebookTabs = function() return tts.tabs end }

-- Global UI: the XML the script sets, its buttons, and clicks as a player makes them.
UI = {
  setXml = function(xml) tts.xml = xml end,
  getXml = function() return tts.xml end,
}

local function unescape(text)
  return (text:gsub("&lt;", "<"):gsub("&gt;", ">"):gsub("&quot;", '"'):gsub("&amp;", "&"))
end

-- The buttons a player of `color` sees: {id, label, handler}, in document order.
function tts.buttons(color)
  local found = {}
  for attrs, label in tts.xml:gmatch("<Button([^>]*)>(.-)</Button>") do
    local id = attrs:match('id="([^"]*)"')
    local handler = attrs:match('onClick="([^"]*)"')
    local visibility = attrs:match('visibility="([^"]*)"')
    local visible = visibility == nil or visibility == ""
    if not visible then
      for c in visibility:gmatch("[^|]+") do if c == color then visible = true end end
    end
    if visible then
      table.insert(found, { id = id, label = unescape(label), handler = handler })
    end
  end
  return found
end

-- Clicks the first button `color` sees whose label starts with `label`; false if none.
function tts.click(color, label)
  for _, b in ipairs(tts.buttons(color)) do
    if b.label:sub(1, #label) == label then
      _G[b.handler](Player[color], "-1", b.id)
      tts.pump()
      return true
    end
  end
  return false
end

-- The texts of the UI's Text elements, for messages a player reads.
function tts.texts()
  local found = {}
  for text in tts.xml:gmatch("<Text[^>]*>(.-)</Text>") do table.insert(found, unescape(text)) end
  return found
end

return tts
