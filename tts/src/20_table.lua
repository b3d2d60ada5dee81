
-- -- the table: piles and card objects -------------------------------------------------------
-- Each seat's piles are laid out from its hand zone towards the table's centre: the
-- battlefield in front, then a row with the library (a deck object: a card dropped on it goes
-- on top, a card taken off it is a draw), the library's bottom spot, revealed cards, the
-- graveyard, exile and the command zone (scripting zones). Anywhere else on the table is the
-- battlefield.

local PILES = { "graveyard", "exile", "bottom", "library", "command" }
local PUBLIC = { "battlefield", "graveyard", "exile", "command" }

local function urlEncode(text)
  return (text:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function cardImage(name)
  return "https://api.scryfall.com/cards/named?exact=" .. urlEncode(name) .. "&format=image"
end

-- Where a seat's things go: the hand's frame (its centre, `inward` towards the table's centre
-- and `side` along the hand).
local function frame(seat)
  local color = SEATS[seat + 1]
  local t = Player[color] and Player[color].getHandTransform and Player[color].getHandTransform()
  local p = t and t.position or { x = 0, y = 3, z = -30 + 60 * seat }
  local px, pz = p.x or p[1] or 0, p.z or p[3] or 0
  local length = math.sqrt(px * px + pz * pz)
  local ix, iz = 0, 1
  if length > 0.001 then ix, iz = -px / length, -pz / length end
  return { x = px, y = p.y or p[2] or 3, z = pz, ix = ix, iz = iz, sx = iz, sz = -ix }
end

local function at(f, inward, side, y)
  return { x = f.x + f.ix * inward + f.sx * side, y = y or 2, z = f.z + f.iz * inward + f.sz * side }
end

-- The place of the i-th card of a zone (1-based; a hand of n cards is spread to fit its zone).
local function spot(seat, zone, i, n)
  local f = frame(seat)
  i = i or 1
  if zone == "hand" then
    local gap = math.min(1.6, 12 / math.max(n or 7, 1))
    return at(f, 0, (i - ((n or 7) + 1) / 2) * gap, f.y)
  end
  if zone == "battlefield" then
    local row = math.floor((i - 1) / 8)
    return at(f, 9 + row * 3.2, (i - 1 - row * 8 - 3.5) * 2.4)
  end
  if zone == "revealed" then return at(f, 5, -2 + (i - 1) * 1.2, 2 + i * 0.05) end
  local side = { library = -9, bottom = -12, graveyard = 9, exile = 12, command = 15 }
  return at(f, 5, side[zone] or 0, 2 + i * 0.05)
end

local function alive(obj)
  if obj == nil then return false end
  if obj.isDestroyed then return not obj.isDestroyed() end
  return true
end

-- The seat's zone objects, spawned once (their GUIDs are in the save).
setupTable = function()
  for seat = 0, #SEATS - 1 do
    local s = M.spots[seat] or {}
    M.spots[seat] = s
    for _, pile in ipairs(PILES) do
      local obj = s[pile] and getObjectFromGUID(s[pile])
      if not alive(obj) then
        local label = SEATS[seat + 1] .. " " .. (pile == "bottom" and "library bottom" or pile)
        -- A GUID is final once the object has spawned (object.md, guid): kept again then.
        local function spawned(o) s[pile] = o.getGUID() end
        if pile == "library" then
          obj = spawnObject({
            type = "DeckCustom", position = spot(seat, "library"), rotation = { x = 180, y = 0, z = 0 },
            callback_function = spawned,
          })
          obj.setCustomObject({ face = CARD_BACK, back = CARD_BACK, width = 1, height = 1, number = 2 })
        else
          obj = spawnObject({
            type = "ScriptingTrigger", position = spot(seat, pile), scale = { x = 2.6, y = 4, z = 3.6 },
            callback_function = spawned,
          })
        end
        obj.setName(label)
        obj.memo = "mulligan:" .. pile .. ":" .. seat
        s[pile] = obj.getGUID()
      end
    end
  end
end

-- The seat and card id a card object stands for (its memo, "seat:id"), or nil.
local function cardOf(obj)
  local memo = obj and obj.memo
  if type(memo) ~= "string" then return nil end
  local seat, id = memo:match("^(%d+):(%d+)$")
  if seat == nil then return nil end
  return tonumber(seat), key(tonumber(id))
end

-- The zone a card object is in now, as the server names it: its owner's "hand", another
-- player's hand or library ("elsewhere"), "graveyard", "exile", "bottom" (the library's
-- bottom spot) or else "battlefield"; and whether it lies in its owner's own pile (a card put
-- into another player's graveyard goes to its owner's, rule 404.2).
local function zoneOf(obj, seat)
  local pileOf = {}
  for s, piles in pairs(M.spots) do
    for pile, g in pairs(piles) do pileOf[g] = { seat = s, pile = pile } end
  end
  for _, zone in ipairs(obj.getZones and obj.getZones() or {}) do
    if zone.type == "Hand" then
      return zone.getValue() == SEATS[seat + 1] and "hand" or "elsewhere"
    end
  end
  for _, zone in ipairs(obj.getZones and obj.getZones() or {}) do
    local p = pileOf[zone.getGUID()]
    if p then
      if p.pile == "bottom" or p.pile == "command" then return p.seat == seat and p.pile or "elsewhere" end
      return p.pile, p.seat == seat
    end
  end
  return "battlefield", true
end

-- A card of `seat` upright, facing its player (its spin; a tapped card is turned 90 degrees).
local function upright(seat) return (frame(seat).iz >= 0) and 180 or 0 end

-- Defined with the table's own state (35_state.lua): a card object shows its server state
-- (tapped, counters) and carries its context menu; TTS's turn follows the server's.
local showState, followTurn

local function spawnCard(seat, card, zone, i, n)
  local obj = spawnObject({
    type = "CardCustom", position = spot(seat, zone, i, n),
    rotation = { x = 0, y = upright(seat), z = 0 },
  })
  obj.setCustomObject({ face = cardImage(card.name), back = CARD_BACK })
  obj.setName(card.name)
  obj.setDescription(string.format("%s's card %d", nameOf(seat), card.id))
  obj.memo = string.format("%d:%d", seat, card.id)
  return obj
end

-- What the seat's own view says of its cards: id -> { zone, card, i }.
local function wanted(seat, view)
  local want = {}
  local n = #(view.hand or {})
  for i, card in ipairs(view.hand or {}) do want[key(card.id)] = { zone = "hand", card = card, i = i, n = n } end
  local me = view.seats and view.seats[seat + 1]
  if me then
    for _, zone in ipairs(PUBLIC) do
      for i, card in ipairs(me[zone] or {}) do want[key(card.id)] = { zone = zone, card = card, i = i } end
    end
  end
  for _, open in ipairs(view.looking or {}) do
    if open.seat == seat and open.kind == "reveal" then
      for i, card in ipairs(open.cards or {}) do
        want[key(card.id)] = { zone = "revealed", card = card, i = i }
      end
    end
  end
  return want
end

-- The seat's card objects follow the seat's view: new cards are spawned where they are, cards
-- gone (drawn into the library, shuffled in) are removed, and a card the server has in
-- another zone than the table is put there. A card already where the server says stays
-- where the player left it.
rebuildSeat = function(seat)
  local view = M.views[seat]
  if view == nil then return end
  local have = M.objs[seat] or {}
  M.objs[seat] = have
  local want = wanted(seat, view)
  for id, h in pairs(have) do
    if not alive(h.obj) or want[id] == nil then
      if alive(h.obj) then h.obj.destruct() end
      have[id] = nil
    end
  end
  for id, w in pairs(want) do
    local h = have[id]
    if h == nil then
      h = { obj = spawnCard(seat, w.card, w.zone, w.i, w.n), zone = w.zone }
      have[id] = h
      showState(seat, h, w.card)
    elseif not (h.busy or (h.pending or 0) > 0) then
      -- (Held, or just dropped, or its move is on its way: it stays where the player left it
      -- until that move's own reply, or after an error the server's view, settles it.)
      if h.zone ~= w.zone or (w.zone == "hand" and zoneOf(h.obj, seat) ~= "hand") then
        h.obj.setPositionSmooth(spot(seat, w.zone, w.i, w.n))
        h.zone = w.zone
      end
      showState(seat, h, w.card)
    end
  end
  local deck = M.spots[seat] and getObjectFromGUID(M.spots[seat].library or "")
  local me = view.seats and view.seats[seat + 1]
  if alive(deck) and me then deck.setName(SEATS[seat + 1] .. " library (" .. num(me.library_size) .. ")") end
  followTurn()
end

-- After a load: the save brought the card objects back; each is matched to its card again
-- by its memo (a second object of one card is removed), in the zone it lies in.
local function adoptObjects()
  for _, obj in ipairs(getObjects()) do
    local seat, id = cardOf(obj)
    if seat ~= nil and seat < #SEATS then
      local have = M.objs[seat] or {}
      M.objs[seat] = have
      if have[id] and alive(have[id].obj) then
        obj.destruct()
      else
        local zone = zoneOf(obj, seat)
        if zone ~= "hand" and zone ~= "graveyard" and zone ~= "exile" and zone ~= "command" then zone = "battlefield" end
        have[id] = { obj = obj, zone = zone }
      end
    end
  end
end
