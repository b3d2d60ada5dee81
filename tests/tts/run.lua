-- Runs docs/tabletop_simulator.lua in lua5.2 or lua5.4 as Tabletop Simulator would, with the stand-in of
-- tests/tts/tts.lua, and plays it by clicking its buttons as the players would:
--
--   lua5.4 tests/tts/run.lua SCRIPT SERVER [setting=value ...] [Color:Label ...]
--
-- `setting=value` sets one of the script's globals after it is loaded (WHOLE_GAME=true);
-- `tab:Color=deck text` adds a Notebook tab; `name:Color=text` is that player's Steam name; `once:Color=Label` makes that player click Label
-- once, as soon as it is offered, during the game start; `fault:METHOD:piece=kind` gives the
-- first such request whose URL holds `piece` that fault (tests/tts/tts.lua). Then "Start game" is clicked, every decision of
-- the game start is answered by its player (keep; the first cards to the bottom; the first
-- option to start), and each `Color:Label` is clicked in order (the first button that player
-- sees whose label starts with Label; a missing button is an error). The script's state, the
-- spawned objects, the printed lines and the requests are written to stdout as JSON.

local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local tts = require("tts")
local cjson = require("cjson")

local script, server = arg[1], arg[2]
local clicks, settings, once = {}, {}, {}
for i = 3, #arg do
  local color, label = arg[i]:match("^(%a+):(.+)$")
  local first, firstLabel = arg[i]:match("^once:(%a+)=(.+)$")
  local tab, body = arg[i]:match("^tab:(%a+)=(.*)$")
  local key, value = arg[i]:match("^([%u_]+)=(.*)$")
  local method, match, kind = arg[i]:match("^fault:(%u+):([^=]+)=(.+)$")
  local named, steam = arg[i]:match("^name:(%a+)=(.*)$")
  if named then
    Player[named].steam_name = steam
  elseif method then
    table.insert(tts.plan, { method = method, match = match, kind = kind })
  elseif first then
    once[first] = firstLabel
  elseif tab then
    table.insert(tts.tabs, { index = #tts.tabs, title = tab, body = body:gsub("\\n", "\n") })
  elseif key then
    settings[key] = value
  elseif color then
    table.insert(clicks, { color = color, label = label })
  else
    error("run.lua: cannot read argument " .. arg[i])
  end
end

dofile(script)
SERVER = server
for key, value in pairs(settings) do
  if value == "true" then _G[key] = true
  elseif value == "false" then _G[key] = false
  elseif tonumber(value) then _G[key] = tonumber(value)
  else _G[key] = value end
end

onLoad("")
tts.pump()
assert(tts.click("White", "Start game"), "no Start game button")

-- The game start: each player answers their own decision until none is left.
local answered = 0
local function started()
  for seat = 0, #SEATS - 1 do
    if not (MULLIGAN.views[seat] and MULLIGAN.views[seat].done) then return false end
  end
  return true
end
for _ = 1, 200 do
  -- (Done: a "Pass" now would be the table's Pass turn, not a decision's.)
  if started() then break end
  local progressed = false
  for _, color in ipairs(SEATS) do
    local labels = { "Keep", "Bottom: ", "Start: ", "Pass" }
    if once[color] then table.insert(labels, 1, once[color]) end
    for _, label in ipairs(labels) do
      if tts.click(color, label) then
        if label == once[color] then once[color] = nil end
        progressed = true
        answered = answered + 1
        break
      end
    end
  end
  if not progressed then break end
end

for _, c in ipairs(clicks) do
  if not tts.click(c.color, c.label) then
    local seen = {}
    for _, b in ipairs(tts.buttons(c.color)) do table.insert(seen, b.label) end
    error("run.lua: " .. c.color .. " sees no button " .. c.label .. " (sees: "
      .. table.concat(seen, ", ") .. ")")
  end
end

local objects = {}
for _, o in ipairs(tts.objects) do
  local hand = cjson.null
  for _, z in ipairs(o.getZones()) do
    if z.type == "Hand" then hand = z.getValue() end
  end
  table.insert(objects, {
    hand = hand,
    type = o.type,
    name = o.name,
    memo = o.memo,
    alive = o.alive,
    face = o.custom and o.custom.face,
    back = o.custom and o.custom.back,
    position = o.position,
  })
end
local buttons = {}
for _, color in ipairs(SEATS) do
  buttons[color] = {}
  for _, b in ipairs(tts.buttons(color)) do table.insert(buttons[color], b.label) end
end
local game = MULLIGAN.game
io.write(cjson.encode({
  game = game and {
    game_id = game.game_id,
    commitment = game.commitment,
    host_token = game.host_token,
    seats = game.seats,
  } or cjson.null,
  answered = answered,
  ended = MULLIGAN.ended,
  log = MULLIGAN.log or cjson.null,
  objects = objects,
  printed = tts.printed,
  requests = tts.requests,
  injected = tts.injected,
  calls = MULLIGAN.calls,
  buttons = buttons,
  texts = tts.texts(),
  xml = tts.xml,
}), "\n")
