-- The players of the stand-in (tests/tts/tts.lua): what a player's hand does to objects (a
-- drag, a card taken off a deck, a rotation, a context menu item, End Turn), TTS's Turns, and
-- the Global UI with its buttons. Each modelled call cites its page of TTS's API reference
-- (https://api.tabletopsimulator.com/), as tests/tts/tts.lua does.

return function(tts)

-- -- a player's hand on an object ------------------------------------------------------------

-- Drags `obj` as `color` would and lets go at `p`: pick up, the zones left and entered on the
-- way, the drop, then (on a deck) the card enters it and its object is gone.
function tts.drag(color, obj, p)
  obj.moves = obj.moves + 1 -- a held object's smooth move stops
  obj.smooth_target = nil
  tts.fire("onObjectPickUp", color, obj)
  obj.held_by_color = color
  tts.later(tts.frame, function()
    if not obj.alive then return end
    tts.moveTo(obj, { x = p.x, y = 3, z = p.z }, true)
    tts.later(tts.frame, function()
      obj.held_by_color = nil
      tts.fire("onObjectDrop", color, obj)
      local deck = nil
      for _, o in ipairs(tts.objects) do
        if o.alive and o.type == "Deck" and math.abs(o.position.x - p.x) < 1.5
          and math.abs(o.position.z - p.z) < 2 then deck = o end
      end
      if deck and obj.type == "Card" then
        tts.later(tts.frame, function()
          if not obj.alive then return end
          table.insert(deck.contained, 1, {
            type = obj.type, guid = obj.guid, name = obj.name, memo = obj.memo,
            position = deck.position, custom = obj.custom,
          })
          local entered = obj
          tts.fire("onObjectEnterContainer", deck, entered)
          obj.alive = false
          tts.forget(obj)
        end)
      end
    end)
  end)
end

-- A player takes the top card off a deck by hand and drops it at `p`: the card leaves the
-- container (onObjectLeaveContainer), is picked up and dragged (the deck of two becomes its
-- remainder). Returns the card taken.
function tts.pull(color, deck, p)
  local taken = deck.takeObject({ position = deck.getPosition(), smooth = false })
  if taken then tts.drag(color, taken, p) end
  return taken
end

-- A player turns an object about its Y axis by `by` degrees (events.md: onObjectRotate, with
-- the target and the old spin and flip, each in [0, 360)).
function tts.rotate(color, obj, by)
  local old = obj.rotation.y % 360
  local spin = (old + by) % 360
  tts.fire("onObjectRotate", obj, spin, obj.rotation.z % 360, color, old, obj.rotation.z % 360)
  obj.rotation.y = spin
end

-- A player picks an item of an object's context menu (object.md, addContextMenuItem).
function tts.menu(color, obj, label)
  for _, item in ipairs(obj.menu) do
    if item.label == label then
      item.callback(color, obj.getPosition(), obj)
      return true
    end
  end
  return false
end

-- -- turns -----------------------------------------------------------------------------------
-- turns.md: setting turn_color starts that colour's turn; onPlayerTurn(player,
-- previous_player) is called then (events.md) when Turns are enabled.

local turns = { enable = false, type = 1, order = {}, reverse_order = false, turn_color = "" }
Turns = setmetatable({}, {
  __index = function(_, k) return turns[k] end,
  __newindex = function(_, k, v)
    local old = turns.turn_color
    turns[k] = v
    if k == "turn_color" and turns.enable and v ~= old and v ~= "" then
      tts.later(tts.frame, function()
        tts.fire("onPlayerTurn", Player[v], old ~= "" and Player[old] or nil)
      end)
    end
  end,
})
Turns.getTurnOrder = function() return turns.order end
Turns.getNextTurnColor = function()
  local order = turns.order
  for i, c in ipairs(order) do
    if c == turns.turn_color then return order[i % #order + 1] end
  end
  return order[1]
end
Turns.endTurn = function()
  Turns.turn_color = Turns.getNextTurnColor()
  return true
end
-- The player whose turn it is presses End Turn (the in-game Turns menu).
function tts.endTurn(color)
  if turns.enable and turns.turn_color == color then return Turns.endTurn() end
  return false
end


-- -- Global UI -------------------------------------------------------------------------------

UI = {
  setXml = function(xml) tts.xml = xml end,
  getXml = function() return tts.xml end,
}

local function unescape(text)
  return (text:gsub("&lt;", "<"):gsub("&gt;", ">"):gsub("&quot;", '"'):gsub("&amp;", "&"))
end

local function visibleTo(attrs, color)
  local visibility = attrs:match('visibility="([^"]*)"')
  if visibility == nil or visibility == "" then return true end
  local p = Player[color]
  for target in visibility:gmatch("[^|]+") do
    if target == color or (target == "Host" and p.host) or (target == "Admin" and (p.host or p.promoted)) then
      return true
    end
  end
  return false
end

-- The buttons a player of `color` sees: {id, label, handler}, in document order. A button
-- inside an element hidden from the player is hidden too.
function tts.buttons(color)
  local found = {}
  local hidden = 0
  for tag, attrs, rest in tts.xml:gmatch("<(/?%w+)([^>]*)>([^<]*)") do
    if tag:sub(1, 1) == "/" then
      if hidden > 0 and tag ~= "/Button" and tag ~= "/Text" then hidden = hidden - 1 end
    elseif tag == "Button" then
      if hidden == 0 and visibleTo(attrs, color) then
        table.insert(found, {
          id = attrs:match('id="([^"]*)"'), label = unescape(rest),
          handler = attrs:match('onClick="([^"]*)"'),
        })
      end
    elseif tag ~= "Text" then
      if hidden > 0 or not visibleTo(attrs, color) then hidden = hidden + 1 end
    end
  end
  return found
end

-- Clicks the first button `color` sees whose label starts with `label`, then lets the game
-- run until nothing is left to do (`hurry`: returns at once); false if there is no such button.
function tts.click(color, label, hurry)
  for _, b in ipairs(tts.buttons(color)) do
    if b.label:sub(1, #label) == label then
      _G[b.handler](Player[color], "-1", b.id)
      if not hurry then tts.pump() end
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


end
