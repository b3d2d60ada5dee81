-- A Tabletop Simulator example for `mulligan serve` (docs/SERVE.md): a two-player game start
-- where this table's script plays both seats, keeping every hand.
-- Paste into Global (Modding > Scripting), set SERVER, load a save: the game starts on load.
-- Every call is one WebRequest.custom(url, method, download, data, headers, callback); a 4xx
-- arrives as a normal reply, so each callback reads the JSON body's "error" object (its
-- "code") rather than the status. tests/test_serve_tts.py makes the same calls, in this order.

SERVER = "http://127.0.0.1:8000"

local DECK = "24 Forest\n36 Grizzly Bears\n"
local game = nil -- the reply of POST /games: game_id, commitment, host_token, seats

local function call(method, path, token, body, callback)
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json" }
  if token then headers["Authorization"] = "Bearer " .. token end
  local data = body and JSON.encode(body) or ""
  WebRequest.custom(SERVER .. path, method, true, data, headers, function(request)
    if request.is_error then
      print("mulligan: network error: " .. request.error)
      return
    end
    local reply = JSON.decode(request.text)
    if reply and reply.error then
      print("mulligan: " .. reply.error.code .. ": " .. reply.error.message)
      return
    end
    callback(reply)
  end)
end

local function seatPath(seat)
  return "/games/" .. game.game_id .. "/seats/" .. seat
end

-- Answers the seat's first pending decision: keep, bottom the first cards, choose to start,
-- Vancouver scry to the bottom, pass on opening-hand actions.
local function answer(seat, decision, nextStep)
  local body = { decision = decision.id }
  if decision.kind == "keep_or_mulligan" then
    body.action = "keep"
  elseif decision.kind == "bottom" then
    body.action = "bottom"
    body.cards = {}
    for i = 1, decision.count do body.cards[i] = decision.hand[i].id end
  elseif decision.kind == "choose_starting_player" then
    body.action = "choose_starting_player"
    body.starting_seat = seat
  elseif decision.kind == "vancouver" then
    body.action = "vancouver"
    body.bottom = true
  else
    body.action = "pass_actions"
  end
  call("POST", seatPath(seat) .. "/answer", game.seats[seat + 1].token, body, nextStep)
end

local function publishLog()
  call("GET", "/games/" .. game.game_id .. "/events?after=0&wait=0", game.host_token, nil,
    function(events)
      print("mulligan: " .. #events.events .. " public events, done: " .. tostring(events.done))
      -- The log is JSON Lines, not JSON: fetch it with a plain request.
      WebRequest.custom(SERVER .. "/games/" .. game.game_id .. "/log", "GET", true, "",
        { ["Authorization"] = "Bearer " .. game.host_token }, function(request)
          print("mulligan: log of " .. #request.text .. " bytes; verify it with mulligan.verify_log")
        end)
    end)
end

-- Seat by seat: read the view, answer what is pending, until both are done.
local function step(seat)
  call("GET", seatPath(seat), game.seats[seat + 1].token, nil, function(view)
    if view.done then
      if seat == 1 then publishLog() else step(1) end
      return
    end
    local decision = view.pending[1]
    if decision then
      answer(seat, decision, function() step(1 - seat) end)
    else
      step(1 - seat)
    end
  end)
end

function onLoad()
  call("POST", "/games", nil, {
    players = { { name = "Ann", deck = DECK }, { name = "Ben", deck = DECK } },
    variant = "TWO_PLAYER", mulligan = "LONDON",
  }, function(created)
    game = created
    print("mulligan: game " .. game.game_id .. ", seed commitment " .. game.commitment)
    step(0)
  end)
end
