
-- -- the game --------------------------------------------------------------------------------

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

-- A seat's new view: its objects and the panel follow it.
local show
show = function(seat, view)
  local before = M.turn and M.turn.number
  M.views[seat] = view
  if view.next_action then M.next[seat] = view.next_action end
  -- (An action can end the game: the last opponent's concession, 104.2a.)
  if view.ended and not M.ended then
    M.ended = true
    if M.log == nil then fetchLog() end
  end
  rebuildSeat(seat)
  render()
  -- A new turn untaps the new active seat's permanents (502.3): that seat's view is read.
  local turn = view.turn
  if turn and before and turn.number > before and turn.seat ~= seat and not M.ended then
    local active = math.floor(turn.seat) -- (a whole number however JSON was decoded)
    request(active, {
      method = "GET", path = seatPath(active), token = seatToken(active), seat = active,
      onOk = function(v) show(active, v) end,
    })
  end
end

-- An answer of the game start. Its reply is the seat's view; an answer can give another seat
-- its next decision, so the other seats' views are read too (the game start only).
answer = function(seat, decision, fields)
  local body = { decision = decision.id }
  for k, v in pairs(fields) do body[k] = v end
  request(seat, {
    method = "POST", path = seatPath(seat) .. "/answer", token = seatToken(seat), seat = seat,
    body = body,
    onOk = function(view)
      show(seat, view)
      for other = 0, #SEATS - 1 do
        if other ~= seat then
          request(other, {
            method = "GET", path = seatPath(other), token = seatToken(other), seat = other,
            onOk = function(v)
              show(other, v)
              local done = true
              for s = 0, #SEATS - 1 do done = done and M.views[s] and M.views[s].done end
              -- A game of the start only is over at 103.8: its log (with the seed) is published.
              if done and not M.game.whole_game and M.log == nil then fetchLog() end
            end,
          })
        end
      end
    end,
  })
end

-- One action of a seat: a click on its own zones costs this one call, whose reply is the
-- seat's view. Its number is the seat's next_action when its turn to be sent comes; a retry
-- sends the same number and body, which the server answers once. `settle` (optional) runs
-- once the action is settled (its reply, a refusal or giving up), before the table follows.
act = function(seat, action, settle)
  settle = settle or function() end
  request(seat, {
    method = "POST", path = seatPath(seat) .. "/actions", token = seatToken(seat), seat = seat,
    body = action,
    prepare = function(req)
      req.body.n = M.next[seat] or 1
      req.data = encode(req.body)
    end,
    onOk = function(view) settle(); show(seat, view) end,
    onRefused = function() settle(); resync() end,
    onGiveUp = function() settle(); resync() end,
  })
end

-- The variant of the game: VARIANT, or with "AUTO" COMMANDER when a deck has a commander
-- section as the server's deck reader finds it (POST /decks/check reads every deck without
-- making a game: a report per player with its `commanders`; 903), else TWO_PLAYER or
-- FREE_FOR_ALL.
local function chooseVariant(players, done)
  local plain = #SEATS > 2 and "FREE_FOR_ALL" or "TWO_PLAYER"
  if VARIANT ~= "AUTO" then return done(VARIANT) end
  local function none() done(plain) end
  request("host", {
    method = "POST", path = "/decks/check", body = { players = players },
    onOk = function(read)
      for _, p in ipairs(read.players or {}) do
        if (p.commanders or 0) > 0 then return done("COMMANDER") end
      end
      none()
    end,
    -- Not read (a server without the check): POST /games says what is wrong with a deck.
    onRefused = none,
    onGiveUp = none,
  })
end

-- POST /games with the table's players and the variant chosen.
local function createGame(players, variant)
  local body = { players = players, variant = variant, mulligan = MULLIGAN_RULE }
  if WHOLE_GAME then body.whole_game = true end
  request("host", {
    method = "POST", path = "/games", body = body,
    token = CREATE_KEY ~= "" and CREATE_KEY or nil,
    -- A lost reply is sent again, with the same Idempotency-Key (startKey): the server answers
    -- the resend with the game it created, never a second one. After giving up, the next press
    -- of Start game sends the same key too.
    headers = { ["Idempotency-Key"] = startKey() },
    onGiveUp = function()
      M.starting = nil
      print("mulligan: no reply to Start game; press Start game again (the same start: never a second game)")
    end,
    onRefused = function(refusal)
      M.starting = nil
      startKeyDone(refusal)
    end,
    onOk = function(created)
      startKeyDone(nil)
      if M.game ~= nil then return end
      M.game = {
        game_id = created.game_id, commitment = created.commitment,
        host_token = created.host_token, whole_game = WHOLE_GAME, seats = created.seats,
        variant = variant,
      }
      print("mulligan: game " .. created.game_id .. ", seed commitment " .. created.commitment)
      if WHOLE_GAME then setupTable() end
      resync()
    end,
  })
end

function startGame()
  if M.game ~= nil or M.starting then return end
  M.starting = true
  local players = {}
  for _, color in ipairs(SEATS) do
    table.insert(players, { name = playerName(color), deck = deckFor(color) })
  end
  chooseVariant(players, function(variant) createGame(players, variant) end)
end

-- The log is JSON Lines, not JSON: read with the host's token.
fetchLog = function()
  request("host", {
    method = "GET", path = gamePath() .. "/log", token = M.game.host_token, json = false,
    onOk = function(text)
      M.log = text
      print("mulligan: log of " .. #text .. " bytes; check it with mulligan verify")
      render()
    end,
    onRefused = function() end,
  })
end

-- The host ends the game: the server reveals the seed, and the log can be verified.
function endGame()
  request("host", {
    method = "POST", path = gamePath() .. "/end", token = M.game.host_token, body = {},
    onOk = function()
      M.ended = true
      render()
      fetchLog()
    end,
  })
end

-- -- save and load ---------------------------------------------------------------------------
-- onSave runs at every save, autosave and rewind point (events.md): it returns the game's id,
-- tokens and action numbers, and the GUIDs of the piles, as JSON. onLoad(script_state)
-- resumes that game: it matches the saved card objects to their cards again and rebuilds the
-- table from the server's views.

function onSave()
  if M.game == nil then return startKeyState() end
  local seats, next, spots = {}, {}, {}
  for seat = 0, #SEATS - 1 do
    local s = M.game.seats[seat + 1]
    seats[seat + 1] = { seat = seat, name = s.name, token = s.token }
    next[seat + 1] = M.next[seat] or 1
    spots[seat + 1] = M.spots[seat] or {}
  end
  return JSON.encode({
    format = "mulligan-tts/1", server = SERVER, colors = SEATS,
    game = {
      game_id = M.game.game_id, commitment = M.game.commitment,
      host_token = M.game.host_token, whole_game = M.game.whole_game, seats = seats,
      variant = M.game.variant,
    },
    next = next, spots = spots, ended = M.ended,
  })
end

function onLoad(script_state)
  local saved = script_state and script_state ~= "" and JSON.decode(script_state)
  restoreStartKey(saved)
  if type(saved) == "table" and saved.format == "mulligan-tts/1" and saved.game then
    SERVER = saved.server or SERVER
    SEATS = saved.colors or SEATS
    M.game = saved.game
    M.ended = saved.ended == true
    for seat = 0, #SEATS - 1 do
      M.next[seat] = saved.next and saved.next[seat + 1] or 1
      M.spots[seat] = saved.spots and saved.spots[seat + 1] or {}
    end
    adoptObjects()
    if M.game.whole_game then setupTable() end
    print("mulligan: resuming game " .. M.game.game_id)
    render()
    resync()
    return
  end
  render()
end
