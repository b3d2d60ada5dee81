-- Start game with its reply lost, then saved and loaded: docs/tabletop_simulator.lua in the
-- stand-in (tests/tts/tts.lua).
--
--   lua start.lua SCRIPT SERVER save=FILE [fault=KIND] [tries=N]
--   lua start.lua SCRIPT SERVER load=FILE
--
-- save: POST /games gets the fault KIND (no_reply by default), REQUEST_TRIES is N (1: the
-- script gives up at once), "Start game" is clicked, everything runs out, and TTS's save is
-- written to FILE. load: FILE is loaded into this fresh stand-in (onLoad) and "Start game" is
-- clicked again. Writes the game, the start key and the requests to stdout as JSON.

local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local tts = require("tts")
local cjson = require("cjson")

local script, server = arg[1], arg[2]
local opt = { fault = "no_reply", tries = "1" }
for i = 3, #arg do
  local k, v = arg[i]:match("^(%w+)=(.*)$")
  if not k then error("start.lua: cannot read argument " .. arg[i]) end
  opt[k] = v
end

dofile(script)
SERVER = server
WHOLE_GAME = false
REQUEST_TRIES = tonumber(opt.tries)

if opt.load then
  local f = assert(io.open(opt.load))
  local saved = cjson.decode(f:read("*a"))
  f:close()
  tts.load(saved)
else
  table.insert(tts.plan, { method = "POST", match = "/games", kind = opt.fault })
  onLoad("")
end
tts.pump()
local clicked = tts.click("White", "Start game")
if opt.save then
  local f = assert(io.open(opt.save, "w"))
  f:write(cjson.encode(tts.save()))
  f:close()
end
local game = MULLIGAN.game
io.write(cjson.encode({
  clicked = clicked,
  game_id = game and game.game_id or cjson.null,
  start_key = MULLIGAN.start_key or cjson.null,
  requests = tts.requests,
  printed = tts.printed,
  injected = tts.injected,
}), "\n")
