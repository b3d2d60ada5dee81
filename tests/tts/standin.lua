-- Checks that the stand-in (tests/tts/tts.lua) behaves as TTS's API reference says where the
-- script's tests rely on it (https://api.tabletopsimulator.com/object/, /events/,
-- /webrequest/manager/). Writes one JSON object of facts to stdout.
--
--   lua standin.lua SERVER

local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local tts = require("tts")
local cjson = require("cjson")
local server = arg[1]
local facts = {}

local left, entered = {}, {}
function onObjectLeaveZone(zone, object) table.insert(left, { zone = zone, object = object }) end
function onObjectEnterZone(zone, object) table.insert(entered, { zone = zone, object = object }) end
local containers = {}
function onObjectLeaveContainer(container, object) table.insert(containers, object) end
local destroyed = {}
function onObjectDestroy(object) table.insert(destroyed, object) end

-- setPositionSmooth: over frames, isSmoothMoving meanwhile, zones entered on the way.
local zone = spawnObject({ type = "ScriptingTrigger", position = { x = 10, y = 1, z = 0 }, scale = { x = 2, y = 2, z = 2 } })
local card = spawnObject({ type = "CardCustom", position = { x = 0, y = 1, z = 0 } })
tts.pump()
card.setPositionSmooth({ x = 10, y = 1, z = 0 })
local after = {}
Wait.frames(function() after.one = card.getPosition().x; after.moving = card.isSmoothMoving() end, 1)
tts.pump()
facts.smooth_first_frame_x = after.one
facts.smooth_moving = after.moving
facts.smooth_end_x = card.getPosition().x
facts.smooth_done = not card.isSmoothMoving()
facts.entered_zone = #entered == 1 and entered[1].zone == zone
-- destruct: onObjectDestroy, then the zones left.
card.destruct()
facts.destroy_then_leave = #destroyed == 1 and #left == 1 and left[1].zone == zone

-- takeObject: honours position; a deck of two becomes its remainder.
local deck = spawnObject({ type = "DeckCustom", position = { x = -10, y = 1, z = 0 } })
deck.setCustomObject({ face = "f", back = "b", number = 2 })
tts.pump()
facts.deck_quantity = deck.getQuantity()
local taken = deck.takeObject({ position = { x = -10, y = 1, z = 8 }, smooth = false })
tts.pump()
facts.taken_at = taken.getPosition()
facts.left_container = #containers == 1 and containers[1] == taken
facts.deck_gone = deck.isDestroyed()
facts.remainder = deck.remainder and deck.remainder.type or cjson.null

-- WebRequest: a request that never calls back (no timeout of its own).
table.insert(tts.plan, { match = "/healthz", kind = "never" })
local called = 0
WebRequest.custom(server .. "/healthz", "GET", true, "", {}, function() called = called + 1 end)
Wait.time(function() end, 600)
tts.pump()
facts.never_called_back = called == 0
table.insert(tts.plan, { match = "/healthz", kind = "delay" })
WebRequest.custom(server .. "/healthz", "GET", true, "", {}, function(r) called = r.response_code end)
tts.pump()
facts.delayed_reply = called

io.write(cjson.encode(facts), "\n")
