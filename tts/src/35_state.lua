-- -- the table's own state: taps, turns, counters on cards -----------------------------------
-- Where the server keeps the table's state (its views carry `turn`), what the players do to
-- the table itself is an action too: a card of the battlefield turned 90 degrees
-- (onObjectRotate, events.md) is `tap` or `untap`; the end of a turn in TTS's Turns
-- (onPlayerTurn) is `pass_turn`; a card's context menu (Object.addContextMenuItem) puts
-- counters on it. The table follows the server: a tapped card lies turned, counters are in the
-- card's description, and TTS's turn is the server's `turn` (the script sets
-- Turns.turn_color, turns.md). Against a server without them, turning a card stays at the
-- table, as before.

-- Whether the server keeps the table's state.
local function keepsState()
  for _, view in pairs(M.views) do
    if view.turn ~= nil then return true end
  end
  return false
end

-- Whether a card of `seat` whose spin is `spin` lies turned (tapped).
local function isTurned(seat, spin)
  local d = ((spin or 0) - upright(seat)) % 180
  return d > 45 and d < 135
end

-- The counters a card's context menu adds and removes: { counter, label }.
local CARD_COUNTERS = { { "p1p1", "+1/+1" }, { "m1m1", "-1/-1" } }

-- A card's context menu: `run(seat, id, h)` for a card of the battlefield the player may move.
local function onCard(obj, color, run)
  local seat, id, h = tracked(obj)
  if seat == nil then return end
  if not mayMove(color, seat) then return tell(color, "that card is " .. nameOf(seat) .. "'s") end
  if h.zone ~= "battlefield" then return tell(color, "counters go on cards on the battlefield") end
  if not keepsState() then return tell(color, "this server keeps no counters on cards") end
  run(seat, id, h)
end

local function addMenu(obj)
  if not obj.addContextMenuItem then return end
  for _, c in ipairs(CARD_COUNTERS) do
    for _, delta in ipairs({ 1, -1 }) do
      local label = (delta > 0 and "Add a " or "Remove a ") .. c[2] .. " counter"
      obj.addContextMenuItem(label, function(color, position, object)
        onCard(object or obj, color, function(seat, id, h)
          actOn(seat, h, { action = "counter", counter = c[1], delta = delta, card = tonumber(id) })
        end)
      end)
    end
  end
end

showState = function(seat, h, card)
  local obj = h.obj
  if not alive(obj) then return end
  if not h.menu then
    h.menu = true
    addMenu(obj)
  end
  if not keepsState() then return end
  -- A card off the battlefield is untapped and has no counters (400.7).
  local tapped = h.zone == "battlefield" and card.tapped == true
  local r = obj.getRotation and obj.getRotation()
  if r and isTurned(seat, r.y) ~= tapped then
    obj.setRotation({ x = r.x, y = upright(seat) + (tapped and 90 or 0), z = r.z })
  end
  local parts = {}
  for name, n in pairs(card.counters or {}) do table.insert(parts, name .. " " .. num(n)) end
  table.sort(parts)
  local text = string.format("%s's %s %d", nameOf(seat), card.token and "token" or "card", card.id)
  if #parts > 0 then text = text .. "; counters: " .. table.concat(parts, ", ") end
  obj.setDescription(text)
end

function onObjectRotate(object, spin, flip, player_color, old_spin, old_flip)
  local seat, id, h = tracked(object)
  if seat == nil or h.zone ~= "battlefield" or not keepsState() then return end
  local was, now = isTurned(seat, old_spin), isTurned(seat, spin)
  if was == now then return end
  if not mayMove(player_color, seat) then
    -- Put back once the player's rotation is done.
    Wait.frames(function()
      if alive(object) then
        local r = object.getRotation()
        object.setRotation({ x = r.x, y = old_spin, z = r.z })
      end
    end, 1)
    return tell(player_color, "that card is " .. nameOf(seat) .. "'s: only " .. SEATS[seat + 1]
      .. " (or the host) taps it")
  end
  actOn(seat, h, { action = now and "tap" or "untap", cards = { tonumber(id) } })
end

-- TTS's turn follows the server's `turn` (the latest seen: its number only grows).
local madeTurn = nil -- the colour this script last gave the turn to
followTurn = function()
  local best = nil
  for _, view in pairs(M.views) do
    if view.turn and (best == nil or view.turn.number > best.number) then best = view.turn end
  end
  if best == nil or Turns == nil or M.ended then return end
  M.turn = best
  local color = SEATS[best.seat + 1]
  if not Turns.enable then
    local order = {}
    for _, c in ipairs(SEATS) do table.insert(order, c) end
    Turns.type = 2
    Turns.order = order
    Turns.enable = true
  end
  if Turns.turn_color ~= color then
    madeTurn = color
    Turns.turn_color = color
  end
end

-- A turn TTS started: the active player ended theirs (End Turn), which is the server's
-- `pass_turn`; any other change goes back to the server's turn.
function onPlayerTurn(player, previous_player)
  if M.turn == nil or M.ended or player == nil then return end
  if player.color == madeTurn then
    madeTurn = nil
    return
  end
  local seat = math.floor(M.turn.seat)
  local active = SEATS[seat + 1]
  if player.color == active then return end
  if previous_player and previous_player.color == active then
    act(seat, { action = "pass_turn" })
  else
    madeTurn = active
    Turns.turn_color = active
  end
end
