-- A Tabletop Simulator table for `mulligan serve` (docs/SERVE.md): the server deals, shuffles
-- and keeps every library and hand; this script shows them as real cards and buttons.
--
-- Paste into Global (Modding > Scripting), set SERVER, and load the save. Each seated colour of
-- SEATS is one player, in seat order; a Notebook tab titled with the colour ("White") holds
-- that player's deck list (any format `mulligan` reads), else DEFAULT_DECK is played. Press
-- "Start game": each player sees their own buttons (keep, mulligan, cards to bottom, who
-- starts), and their hand is dealt as card objects named after the cards, with Scryfall's
-- image of that name. Once the game start is done (rule 103), with WHOLE_GAME the game goes
-- on: Draw, Shuffle, Mill, Search and Scry are buttons, each an action the server checks,
-- applies and logs; "End game" reveals the seed and fetches the verifiable log.
--
-- Every call is one WebRequest.custom(url, method, download, data, headers, callback); a 4xx
-- arrives as a normal reply, so each callback reads the JSON body's "error" object (its "code"
-- and "message"). tests/test_tts_script.py runs this file in lua5.4 against a live server, with
-- a stand-in for TTS's API (tests/tts/tts.lua).

SERVER = "http://127.0.0.1:8000"
SEATS = { "White", "Red" }
DEFAULT_DECK = "24 Forest\n36 Grizzly Bears\n"
MULLIGAN_RULE = "LONDON"
WHOLE_GAME = true
-- The back of every spawned card: any image URL.
CARD_BACK = "https://backs.scryfall.io/large/0/a/0aeebaf5-8c7d-4636-9e82-8c27447861f7.jpg"

-- Everything the script knows, one table (inspect it from the console: MULLIGAN.game.game_id).
MULLIGAN = {
  game = nil,     -- the reply of POST /games: game_id, commitment, host_token, seats
  views = {},     -- seat (0-based) -> the seat's latest view
  cards = {},     -- seat -> card id -> the card object in that player's hand
  next = {},      -- seat -> the number of its next action (1, 2, ...)
  bottom = {},    -- seat -> the card ids chosen so far for a "bottom" decision
  scry = {},      -- seat -> card id -> "top" | "bottom" while a scry is open
  ended = false,
  log = nil,      -- the JSON Lines log, once the game is ended
}
local M = MULLIGAN
local buttons = {} -- button id -> { seat = seat, run = function }

-- -- requests ----------------------------------------------------------------------------

local function call(method, path, token, body, callback)
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json" }
  if token then headers["Authorization"] = "Bearer " .. token end
  -- An empty Lua table is a list here (no body of this API has an empty object in it).
  local data = body and JSON.encode(body):gsub('":%s*{}', '":[]') or ""
  WebRequest.custom(SERVER .. path, method, true, data, headers, function(request)
    if request.is_error then
      print("mulligan: network error: " .. tostring(request.error))
      return
    end
    local reply = JSON.decode(request.text)
    if reply == nil then
      print("mulligan: not JSON from " .. path)
    elseif reply.error then
      print("mulligan: " .. reply.error.code .. ": " .. reply.error.message)
    else
      callback(reply)
    end
  end)
end

local function gamePath() return "/games/" .. M.game.game_id end
local function seatPath(seat) return gamePath() .. "/seats/" .. seat end
local function seatToken(seat) return M.game.seats[seat + 1].token end

local function nameOf(seat)
  local seats = M.game and M.game.seats
  if seats and seats[seat + 1] then return seats[seat + 1].name end
  return SEATS[seat + 1]
end

-- -- cards as objects ----------------------------------------------------------------------

local function urlEncode(text)
  return (text:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function cardImage(name)
  return "https://api.scryfall.com/cards/named?exact=" .. urlEncode(name) .. "&format=image"
end

local function spawnCard(seat, card, index)
  local color = SEATS[seat + 1]
  local hand = Player[color].getHandTransform()
  local p = hand and hand.position or { x = 0, y = 3, z = 0 }
  local r = hand and hand.rotation or { x = 0, y = 0, z = 0 }
  local obj = spawnObject({
    type = "CardCustom",
    position = { x = p.x + (index - 4) * 2.2, y = p.y + 1, z = p.z },
    rotation = { x = r.x, y = (r.y + 180) % 360, z = r.z },
  })
  obj.setCustomObject({ face = cardImage(card.name), back = CARD_BACK })
  obj.setName(card.name)
  obj.setDescription(string.format("%s's card %d", nameOf(seat), card.id))
  obj.memo = string.format("%d:%d", seat, card.id)
  return obj
end

-- The hand's objects follow the server's hand: new cards are spawned, gone ones removed.
local function syncHand(seat)
  local view = M.views[seat]
  local held = M.cards[seat] or {}
  local keep = {}
  for i, card in ipairs(view.hand or {}) do
    keep[card.id] = held[card.id] or spawnCard(seat, card, i)
  end
  for id, obj in pairs(held) do
    if keep[id] == nil then obj.destruct() end
  end
  M.cards[seat] = keep
end

-- -- the panel -----------------------------------------------------------------------------

local function escape(text)
  return (tostring(text):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

local function human(kind) return (kind:gsub("_", " ")) end

local function panelXml(rows)
  return '<Panel id="mulligan" rectAlignment="UpperRight" offsetXY="-10 -80" width="360" '
    .. 'height="720" color="#1E1E1EE0"><VerticalLayout padding="8 8 8 8" spacing="4" '
    .. 'childForceExpandHeight="false">' .. table.concat(rows) .. "</VerticalLayout></Panel>"
end

local function text(rows, message, color)
  local visibility = color and (' visibility="' .. color .. '"') or ""
  table.insert(rows, '<Text color="#FFFFFF" preferredHeight="26"' .. visibility .. ">"
    .. escape(message) .. "</Text>")
end

local function button(rows, seat, label, run)
  local id = "mulligan" .. (#buttons + 1)
  buttons[#buttons + 1] = { seat = seat, run = run }
  buttons[id] = buttons[#buttons]
  local visibility = seat and (' visibility="' .. SEATS[seat + 1] .. '"') or ""
  table.insert(rows, '<Button id="' .. id .. '" onClick="onMulliganButton" preferredHeight="30"'
    .. visibility .. ">" .. escape(label) .. "</Button>")
end

local answer, act, render, refresh, endGame, fetchLog

local function decisionButtons(rows, seat, d)
  local view = M.views[seat]
  text(rows, "Your decision: " .. human(d.kind), SEATS[seat + 1])
  if d.kind == "keep_or_mulligan" then
    button(rows, seat, "Keep " .. #view.hand, function() answer(seat, d, { action = "keep" }) end)
    if d.can_mulligan then
      button(rows, seat, "Mulligan", function() answer(seat, d, { action = "mulligan" }) end)
    end
  elseif d.kind == "bottom" then
    local chosen = M.bottom[seat] or {}
    M.bottom[seat] = chosen
    text(rows, "Put " .. d.count .. " on the bottom (" .. #chosen .. " chosen)", SEATS[seat + 1])
    for _, card in ipairs(d.hand) do
      local taken = false
      for _, id in ipairs(chosen) do taken = taken or id == card.id end
      if not taken then
        button(rows, seat, "Bottom: " .. card.name, function()
          table.insert(chosen, card.id)
          if #chosen == d.count then
            M.bottom[seat] = nil
            answer(seat, d, { action = "bottom", cards = chosen })
          else
            render()
          end
        end)
      end
    end
  elseif d.kind == "choose_starting_player" then
    for _, s in ipairs(d.options) do
      button(rows, seat, "Start: " .. nameOf(s), function()
        answer(seat, d, { action = "choose_starting_player", starting_seat = s })
      end)
    end
  elseif d.kind == "vancouver" then
    local top = d.card and d.card.name or "the top card"
    button(rows, seat, "Scry " .. top .. " to the bottom", function()
      answer(seat, d, { action = "vancouver", bottom = true })
    end)
    button(rows, seat, "Keep " .. top .. " on top", function()
      answer(seat, d, { action = "vancouver", bottom = false })
    end)
  else
    button(rows, seat, "Pass", function() answer(seat, d, { action = "pass_actions" }) end)
  end
end

-- The whole game's controls of one seat: its library actions, and an open search or look.
local function tableButtons(rows, seat)
  local view = M.views[seat]
  local me = view.seats and view.seats[seat + 1] or {}
  local color = SEATS[seat + 1]
  text(rows, "Library " .. tostring(me.library_size or "?") .. ", hand " .. #view.hand
    .. ", graveyard " .. #(me.graveyard or {}), color)
  local open = nil
  for _, o in ipairs(view.looking or {}) do
    if o.seat == seat then open = o end
  end
  if open and open.kind == "search" then
    text(rows, "Searching your library: take a card into your hand", color)
    for _, card in ipairs(open.cards or {}) do
      button(rows, seat, "Take: " .. card.name, function()
        act(seat, { action = "found", cards = { card.id }, to = "hand" })
      end)
    end
    button(rows, seat, "Find nothing", function()
      act(seat, { action = "found", cards = {}, to = "hand" })
    end)
    return
  elseif open then
    -- Scry: each card looked at goes back on top or to the bottom, as its button says.
    local marks = M.scry[seat] or {}
    M.scry[seat] = marks
    text(rows, "The top of your library: click a card to send it to the bottom", color)
    for _, card in ipairs(open.cards or {}) do
      local where = marks[card.id] or "top"
      button(rows, seat, card.name .. ": " .. where, function()
        marks[card.id] = where == "top" and "bottom" or "top"
        render()
      end)
    end
    button(rows, seat, "Done scrying", function()
      local top, bottom = {}, {}
      for _, card in ipairs(open.cards or {}) do
        table.insert((marks[card.id] or "top") == "top" and top or bottom, card.id)
      end
      M.scry[seat] = nil
      act(seat, { action = "arrange", top = top, bottom = bottom })
    end)
    return
  end
  button(rows, seat, "Draw", function() act(seat, { action = "draw", count = 1 }) end)
  button(rows, seat, "Shuffle", function() act(seat, { action = "shuffle" }) end)
  button(rows, seat, "Mill 1", function() act(seat, { action = "mill", count = 1 }) end)
  button(rows, seat, "Search library", function() act(seat, { action = "search" }) end)
  button(rows, seat, "Scry 2", function() act(seat, { action = "look", count = 2 }) end)
end

render = function()
  for k in pairs(buttons) do buttons[k] = nil end
  local rows = {}
  if M.game == nil then
    text(rows, "mulligan: no game yet")
    button(rows, nil, "Start game", function() startGame() end)
  else
    local done = true
    for seat = 0, #SEATS - 1 do
      local view = M.views[seat]
      if view then
        done = done and view.done
        local color = SEATS[seat + 1]
        text(rows, nameOf(seat) .. " (" .. color .. ")", color)
        if view.pending and view.pending[1] then
          decisionButtons(rows, seat, view.pending[1])
        elseif not view.done then
          text(rows, "Waiting for the other players", color)
        elseif M.game.whole_game and not M.ended then
          tableButtons(rows, seat)
        end
      end
    end
    if M.ended then
      text(rows, "Game over: the log verifies with `mulligan verify`")
    elseif done and M.game.whole_game then
      button(rows, nil, "End game", function() endGame() end)
    elseif done then
      text(rows, "The game start is done: the log verifies with `mulligan verify`")
    end
  end
  UI.setXml(panelXml(rows))
end

-- A button of the panel: only the player of its seat may press it (nil: anyone).
function onMulliganButton(player, value, id)
  local b = buttons[id]
  if b == nil then return end
  if b.seat ~= nil and player.color ~= SEATS[b.seat + 1] then
    printToColor("mulligan: that button is " .. nameOf(b.seat) .. "'s", player.color)
    return
  end
  b.run()
end

-- -- the game ------------------------------------------------------------------------------

local function deckFor(color)
  for _, tab in ipairs(Notes.getNotebookTabs() or {}) do
    if tab.title == color and tab.body and tab.body:match("%S") then return tab.body end
  end
  return DEFAULT_DECK
end

local function playerName(color)
  local p = Player[color]
  return (p and p.steam_name) or color
end

-- Reads every seat's view in turn, then redraws the hands and the panel.
refresh = function(after)
  local function one(seat)
    if seat >= #SEATS then
      render()
      local done = true
      for s = 0, #SEATS - 1 do done = done and M.views[s].done end
      -- A game of the start only is over at 103.8: its log (with the seed) is published.
      if done and not M.game.whole_game and M.log == nil then fetchLog() end
      if after then after() end
      return
    end
    call("GET", seatPath(seat), seatToken(seat), nil, function(view)
      M.views[seat] = view
      if view.next_action then M.next[seat] = view.next_action end
      syncHand(seat)
      one(seat + 1)
    end)
  end
  one(0)
end

answer = function(seat, decision, fields)
  local body = { decision = decision.id }
  for k, v in pairs(fields) do body[k] = v end
  call("POST", seatPath(seat) .. "/answer", seatToken(seat), body, function() refresh() end)
end

-- One library action of a seat, numbered (the view says the next number): a retry of the
-- same number and body is answered once, so a lost reply can simply be sent again.
act = function(seat, action)
  local body = { n = M.next[seat] or 1 }
  for k, v in pairs(action) do body[k] = v end
  call("POST", seatPath(seat) .. "/actions", seatToken(seat), body, function(view)
    M.next[seat] = view.next_action or body.n + 1
    M.views[seat] = view
    refresh()
  end)
end

function startGame()
  local players = {}
  for _, color in ipairs(SEATS) do
    table.insert(players, { name = playerName(color), deck = deckFor(color) })
  end
  local body = { players = players, variant = "TWO_PLAYER", mulligan = MULLIGAN_RULE }
  if #SEATS > 2 then body.variant = "FREE_FOR_ALL" end
  if WHOLE_GAME then body.whole_game = true end
  call("POST", "/games", nil, body, function(created)
    M.game = created
    M.game.whole_game = WHOLE_GAME
    print("mulligan: game " .. created.game_id .. ", seed commitment " .. created.commitment)
    refresh()
  end)
end

-- The log is JSON Lines, not JSON: fetched with a plain request (the host's token).
fetchLog = function()
  WebRequest.custom(SERVER .. gamePath() .. "/log", "GET", true, "",
    { ["Authorization"] = "Bearer " .. M.game.host_token }, function(request)
      if request.is_error or request.response_code ~= 200 then
        print("mulligan: no log yet: " .. tostring(request.error or request.text))
        return
      end
      M.log = request.text
      print("mulligan: log of " .. #request.text .. " bytes; check it with mulligan verify")
      render()
    end)
end

-- The host ends the game: the server reveals the seed, and the log can be verified.
endGame = function()
  call("POST", gamePath() .. "/end", M.game.host_token, {}, function()
    M.ended = true
    fetchLog()
  end)
end

function onLoad()
  render()
end
