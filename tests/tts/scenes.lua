-- Scenes of tests/tts/play.lua (scene=NAME): one situation of a real table, played by hand
-- after the game start, each writing what it saw as `facts` (name -> value) for the test to
-- assert. `t` holds play.lua's helpers: tts, M, get, seatView, objectOf, pileAt,
-- battlefieldAt, cardsIn, click, check, facts.

local scenes = {}

local function near(a, b) return math.abs(a.x - b.x) < 0.01 and math.abs(a.z - b.z) < 0.01 end

local function told(t, color)
  return table.concat(t.tts.told[color] or {}, " | ")
end

local function handIds(view)
  local s = {}
  for _, c in ipairs(view.hand) do s[string.format("%d", c.id)] = true end
  return s
end

local function onBattlefield(view, seat, id)
  for _, c in ipairs(view.seats[seat + 1].battlefield) do if c.id == id then return true end end
  return false
end

-- Red (neither host nor promoted) drags White's cards: each goes back where it was and Red
-- is told why; White (the host) moves one of Red's cards, sent as Red's move.
function scenes.refused(t)
  local tts, f = t.tts, t.facts
  local white = t.cardsIn(0, "hand")
  local a, b = white[1].id, white[2].id
  tts.drag("White", t.objectOf(0, a), t.battlefieldAt(0))
  tts.pump()
  t.check("White plays a card")
  local before = t.seatView(0)
  -- Red drags White's battlefield card into White's graveyard.
  local objA = t.objectOf(0, a)
  local at = objA.getPosition()
  tts.drag("Red", objA, t.pileAt(0, "graveyard"))
  tts.pump()
  f.battlefield_card_back = near(objA.getPosition(), at) and onBattlefield(t.seatView(0), 0, a)
  -- ... one of White's hand cards onto the table, and another onto White's library.
  local objB = t.objectOf(0, b)
  local handAt = objB.getPosition()
  tts.drag("Red", objB, t.battlefieldAt(0))
  tts.pump()
  f.hand_card_back = near(objB.getPosition(), handAt) and handIds(t.seatView(0))[string.format("%d", b)] == true
  tts.drag("Red", t.objectOf(0, white[3].id), t.pileAt(0, "library"))
  tts.pump()
  f.library_drop_back = handIds(t.seatView(0))[string.format("%d", white[3].id)] == true
    and t.objectOf(0, white[3].id) ~= nil
  -- ... and takes a card off White's library.
  local deck = getObjectFromGUID(t.M.spots[0].library)
  tts.pull("Red", deck, t.battlefieldAt(1))
  tts.pump()
  local after = t.seatView(0)
  f.white_actions_unchanged = after.next_action == before.next_action and #after.hand == #before.hand
  f.red_told = told(t, "Red")
  f.white_told = told(t, "White")
  t.check("refused drags")
  -- The host moves Red's card: Red's move.
  local redCard = t.cardsIn(1, "hand")[1].id
  local redBefore = t.seatView(1).next_action
  tts.drag("White", t.objectOf(1, redCard), t.battlefieldAt(1))
  tts.pump()
  local red = t.seatView(1)
  f.host_moved_red_card = onBattlefield(red, 1, redCard) and red.next_action == redBefore + 1
  t.check("the host moves Red's card")
end

-- A card dropped on the battlefield while the seat's Draw is on its way and its reply late
-- (or never coming): the card stays where it was dropped, never pulled back to the hand.
function scenes.late(t)
  local tts, f = t.tts, t.facts
  table.insert(tts.plan, { method = "POST", match = "/actions", kind = t.opt.fault or "delay" })
  local id = t.cardsIn(0, "hand")[1].id
  local obj = t.objectOf(0, id)
  local moved = 0
  local smooth, set = obj.setPositionSmooth, obj.setPosition
  obj.setPositionSmooth = function(...) moved = moved + 1; return smooth(...) end
  obj.setPosition = function(...) moved = moved + 1; return set(...) end
  local entered = 0
  local enter = onObjectEnterZone
  onObjectEnterZone = function(zone, o)
    if o == obj and zone.type == "Hand" then entered = entered + 1 end
    return enter(zone, o)
  end
  assert(tts.click("White", "Draw", true))
  local p = t.battlefieldAt(0)
  tts.drag("White", obj, p)
  tts.pump()
  onObjectEnterZone = enter
  local view = t.seatView(0)
  f.fault = t.opt.fault or "delay"
  f.injected = tts.injected[f.fault]
  f.stayed = near(obj.getPosition(), p)
  f.moved_by_script = moved
  f.back_in_hand = entered
  f.on_battlefield = onBattlefield(view, 0, id)
  f.drew = #view.hand
  f.next_action = view.next_action
  t.check("a drop while a reply is late")
end

-- Cards taken off the library deck by hand: a draw; while a search is open, no draw and a
-- message; the deck of two that became its remainder is a library marker again.
function scenes.pull(t)
  local tts, f = t.tts, t.facts
  local function deck() return getObjectFromGUID(t.M.spots[0].library) end
  local before = t.seatView(0)
  local taken = tts.pull("White", deck(), t.battlefieldAt(0))
  tts.pump()
  local view = t.seatView(0)
  f.drew = #view.hand - #before.hand
  f.numbered = view.next_action - before.next_action
  f.pulled_gone = not taken.alive
  local loose, decks = 0, 0
  for _, o in ipairs(getObjects()) do
    if o.type == "Card" and (o.memo == nil or o.memo == "") then loose = loose + 1 end
    if o.type == "Deck" then decks = decks + 1 end
  end
  f.loose_cards = loose
  f.decks = decks
  t.check("a card pulled off the library")
  t.click("White", "Search library")
  local open = t.seatView(0)
  tts.pull("White", deck(), t.battlefieldAt(0))
  tts.pump()
  local still = t.seatView(0)
  f.no_draw_while_searching = #still.hand == #open.hand and still.next_action == open.next_action
  f.white_told = told(t, "White")
  t.click("White", "Find nothing")
  t.check("a pull refused while searching")
  tts.pull("White", deck(), t.battlefieldAt(0))
  tts.pump()
  f.drew_again = #t.seatView(0).hand - #still.hand
  t.check("a second pull")
end

-- Taps and turns, where the server keeps them (facts.stateful false otherwise): the active
-- player turns a card of theirs (tap) and back (untap), Red turning it is refused, a token and
-- a +1/+1 counter, End Turn in TTS's Turns and the panel's Pass turn; a card turned by a
-- script without an event is turned back by Resync table.
function scenes.state(t)
  local tts, f = t.tts, t.facts
  local view = t.seatView(0)
  f.stateful = view.turn ~= nil
  if not f.stateful then return end
  local seat = view.turn.seat
  local color, other = SEATS[seat + 1], SEATS[(seat + 1) % #SEATS + 1]
  local id = t.cardsIn(seat, "hand")[1].id
  tts.drag(color, t.objectOf(seat, id), t.battlefieldAt(seat))
  tts.pump()
  local obj = t.objectOf(seat, id)
  local function tapped()
    for _, c in ipairs(t.seatView(seat).seats[seat + 1].battlefield) do
      if c.id == id then return c.tapped == true, c.counters or {} end
    end
  end
  tts.rotate(color, obj, 90)
  tts.pump()
  f.tapped = tapped()
  tts.rotate(other, obj, 90)
  tts.pump()
  f.still_tapped_after_other = tapped()
  f.other_told = told(t, other)
  t.check("taps")
  tts.menu(color, obj, "Add a +1/+1 counter")
  tts.pump()
  local _, counters = tapped()
  f.p1p1 = counters.p1p1
  f.description = obj.description
  t.click(color, "Token: Treasure")
  local field = t.seatView(seat).seats[seat + 1].battlefield
  f.token = field[#field].token == true and field[#field].name == "Treasure"
  t.check("a counter and a token")
  -- End Turn in TTS: the server passes the turn; the next player's Pass turn brings it back,
  -- and the first player's card untaps (502.3).
  tts.endTurn(color)
  tts.pump()
  local next = t.seatView(seat).turn
  f.turn_after_end = { number = next.number, seat = next.seat, color = Turns.turn_color }
  t.check("End Turn")
  t.click(SEATS[next.seat + 1], "Pass turn")
  f.untapped_on_its_turn = not tapped()
  f.turn_number = t.seatView(seat).turn.number
  t.check("Pass turn")
  -- A card turned without an event, and TTS's turn moved by a script: Resync table shows
  -- the server's.
  tts.rotate(color, obj, 90)
  tts.pump()
  obj.setRotation({ x = 0, y = obj.getRotation().y + 90, z = 0 })
  t.click("White", "Resync table")
  t.check("resync")
  f.resynced = true
end

-- Four seats; Blue concedes (two clicks), where the server keeps the table's state: its cards
-- leave the table, its panel says so, and the turn skips it.
function scenes.concede(t)
  local tts, f = t.tts, t.facts
  f.stateful = t.seatView(0).turn ~= nil
  if not f.stateful then return end
  t.click("Blue", "Concede")
  t.click("Blue", "Yes, concede the game")
  local left = 0
  for _, o in ipairs(getObjects()) do
    if (o.memo or ""):match("^2:") then left = left + 1 end
  end
  f.blue_objects_left = left
  f.blue_texts = {}
  for _, text in ipairs(tts.texts()) do
    if text:match("conceded") then table.insert(f.blue_texts, text) end
  end
  f.conceded = t.seatView(0).seats[3].conceded == true
  t.check("Blue concedes")
  local seats = {}
  for _ = 1, 4 do
    local turn = t.seatView(0).turn
    table.insert(seats, turn.seat)
    tts.endTurn(SEATS[turn.seat + 1])
    tts.pump()
    t.check("a turn")
  end
  f.turn_seats = seats
end

-- Two seats; Red concedes: the game is over (104.2a), the table fetches the log.
function scenes.concede_last(t)
  local f = t.facts
  f.stateful = t.seatView(0).turn ~= nil
  if not f.stateful then return end
  t.click("Red", "Concede")
  t.click("Red", "Yes, concede the game")
  f.ended = t.M.ended
  f.log = t.M.log ~= nil
end

return scenes
