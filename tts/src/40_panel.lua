
-- -- the panel -------------------------------------------------------------------------------
-- One Global UI panel (ui.md): each player's rows are visible to that player's colour only,
-- the host's to "Admin" (the host and promoted players). It scrolls, and a long list pages.

local buttons = {} -- button id -> { seat = seat or nil, host = bool, run = function }

local function escape(text)
  return (tostring(text):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

local function human(kind) return (kind:gsub("_", " ")) end

local function text(rows, message, visibility)
  local v = visibility and (' visibility="' .. visibility .. '"') or ""
  table.insert(rows, '<Text color="#FFFFFF" preferredHeight="26"' .. v .. ">" .. escape(message) .. "</Text>")
end

local function button(rows, seat, label, run, host)
  local id = "mulligan" .. (#buttons + 1)
  buttons[#buttons + 1] = { seat = seat, run = run, host = host }
  buttons[id] = buttons[#buttons]
  local visibility = ""
  if host then visibility = ' visibility="Admin"'
  elseif seat then visibility = ' visibility="' .. SEATS[seat + 1] .. '"' end
  table.insert(rows, '<Button id="' .. id .. '" onClick="onMulliganButton" preferredHeight="30"'
    .. visibility .. ">" .. escape(label) .. "</Button>")
end

-- A list of entries, PAGE_SIZE at a time, with "Previous page"/"Next page" around them.
local function paged(rows, seat, entries, each)
  local pages = math.max(1, math.ceil(#entries / PAGE_SIZE))
  local page = math.min(M.page[seat] or 1, pages)
  M.page[seat] = page
  for i = (page - 1) * PAGE_SIZE + 1, math.min(#entries, page * PAGE_SIZE) do each(entries[i]) end
  if pages > 1 then
    text(rows, "Page " .. page .. " of " .. pages, SEATS[seat + 1])
    if page > 1 then button(rows, seat, "Previous page", function() M.page[seat] = page - 1; render() end) end
    if page < pages then button(rows, seat, "Next page", function() M.page[seat] = page + 1; render() end) end
  end
end

local function decisionRows(rows, seat, d)
  local view, color = M.views[seat], SEATS[seat + 1]
  text(rows, "Your decision: " .. human(d.kind), color)
  if d.kind == "keep_or_mulligan" then
    button(rows, seat, "Keep " .. #view.hand, function() answer(seat, d, { action = "keep" }) end)
    if d.can_mulligan then
      button(rows, seat, "Mulligan", function() answer(seat, d, { action = "mulligan" }) end)
    end
  elseif d.kind == "bottom" then
    local chosen = M.bottom[seat] or {}
    M.bottom[seat] = chosen
    text(rows, "Put " .. num(d.count) .. " on the bottom (" .. #chosen .. " chosen)", color)
    local left = {}
    for _, card in ipairs(d.hand) do
      local taken = false
      for _, id in ipairs(chosen) do taken = taken or id == card.id end
      if not taken then table.insert(left, card) end
    end
    paged(rows, seat, left, function(card)
      button(rows, seat, "Bottom: " .. card.name, function()
        table.insert(chosen, card.id)
        if #chosen == d.count then
          M.bottom[seat] = nil
          answer(seat, d, { action = "bottom", cards = chosen })
        else
          render()
        end
      end)
    end)
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

local SEARCH_TO = { { "hand", "Hand" }, { "battlefield", "Battlefield" }, { "graveyard", "Graveyard" }, { "top", "Top of library" } }
local LOOK_TO = { "top", "bottom", "graveyard", "hand", "exile", "battlefield" }

-- An open search: the library's cards by name (one button a name, paged), then where the
-- chosen card goes.
local function searchRows(rows, seat, open)
  local color = SEATS[seat + 1]
  local pick = M.pick[seat]
  if pick then
    text(rows, "Found " .. pick.name .. ": where does it go?", color)
    for _, to in ipairs(SEARCH_TO) do
      button(rows, seat, "To " .. to[2], function()
        M.pick[seat] = nil
        act(seat, { action = "found", cards = { pick.id }, to = to[1] })
      end)
    end
    button(rows, seat, "Choose another card", function() M.pick[seat] = nil; render() end)
    return
  end
  local byName, names = {}, {}
  for _, card in ipairs(open.cards or {}) do
    if byName[card.name] == nil then
      byName[card.name] = { name = card.name, id = card.id, count = 0 }
      table.insert(names, card.name)
    end
    byName[card.name].count = byName[card.name].count + 1
  end
  table.sort(names)
  local entries = {}
  for _, n in ipairs(names) do table.insert(entries, byName[n]) end
  text(rows, "Searching your library (" .. #(open.cards or {}) .. " cards): choose one", color)
  paged(rows, seat, entries, function(e)
    button(rows, seat, "Take: " .. e.name .. " (" .. e.count .. ")", function()
      M.pick[seat] = { id = e.id, name = e.name }
      render()
    end)
  end)
  button(rows, seat, "Find nothing", function()
    act(seat, { action = "found", cards = {}, to = "hand" })
  end)
end

-- An open look or reveal: each card's button says where it goes (click: the next place), and
-- Done puts them all away (401.4).
local function lookRows(rows, seat, open)
  local color = SEATS[seat + 1]
  local marks = M.marks[seat] or {}
  M.marks[seat] = marks
  text(rows, (open.kind == "reveal" and "Revealed" or "The top of your library")
    .. ": click a card to choose where it goes", color)
  paged(rows, seat, open.cards or {}, function(card)
    local where = marks[key(card.id)] or "top"
    button(rows, seat, card.name .. ": " .. where, function()
      for i, to in ipairs(LOOK_TO) do
        if to == where then marks[key(card.id)] = LOOK_TO[i % #LOOK_TO + 1] end
      end
      render()
    end)
  end)
  button(rows, seat, "Done", function()
    local body = { action = "arrange" }
    for _, to in ipairs(LOOK_TO) do body[to] = {} end
    for _, card in ipairs(open.cards or {}) do
      table.insert(body[marks[key(card.id)] or "top"], card.id)
    end
    M.marks[seat] = nil
    act(seat, body)
  end)
end

-- Commander (903): the seat's commanders with their tax (903.8: 2 more for each earlier cast
-- from the command zone), the commander damage it has taken from each commander (903.10a) with
-- a button to add 1, and the server's notices (704.6c and the like; nothing is enforced).
local function commanderRows(rows, seat, view, me)
  local color = SEATS[seat + 1]
  for _, c in ipairs(me.commanders or {}) do
    text(rows, "Commander " .. c.name .. ": casts " .. num(c.casts) .. ", tax " .. num(c.tax), color)
  end
  -- The damage taken, by owner and commander id (an id is its owner's deck's).
  local taken = {}
  for _, d in ipairs(me.commander_damage or {}) do taken[key(d.seat) .. ":" .. key(d.id)] = d.damage end
  for other, s in ipairs(view.seats or {}) do
    if other - 1 ~= seat then
      for _, c in ipairs(s.commanders or {}) do
        local damage = taken[key(other - 1) .. ":" .. key(c.id)] or 0
        text(rows, "Damage from " .. c.name .. " (" .. nameOf(other - 1) .. "): " .. num(damage), color)
        button(rows, seat, "Damage +1 from " .. c.name .. " (" .. nameOf(other - 1) .. ")", function()
          act(seat, { action = "commander_damage", owner = other - 1, commander = c.id, delta = 1 })
        end)
      end
    end
  end
  for _, n in ipairs(me.notices or {}) do text(rows, n.text .. " (" .. n.rule .. ")", color) end
end

-- The turn (everyone sees whose it is), and the active seat's "Pass turn"; tokens.
local function turnRows(rows, seat, view)
  local color = SEATS[seat + 1]
  -- The latest turn of any seat's view (another seat's Pass turn does not change this one's).
  local turn = M.turn or view.turn
  if turn == nil then return end
  text(rows, "Turn " .. num(turn.number) .. ": " .. nameOf(turn.seat), color)
  if turn.seat == seat then
    button(rows, seat, "Pass turn", function() act(seat, { action = "pass_turn" }) end)
  end
  for _, name in ipairs(TOKENS or {}) do
    button(rows, seat, "Token: " .. name, function()
      act(seat, { action = "create_token", name = name, count = 1 })
    end)
  end
  -- Conceding (104.3a) takes two clicks: the second button confirms.
  if M.conceding[seat] then
    button(rows, seat, "Yes, concede the game", function()
      M.conceding[seat] = nil
      act(seat, { action = "concede" })
    end)
    button(rows, seat, "No, play on", function() M.conceding[seat] = nil; render() end)
  else
    button(rows, seat, "Concede", function() M.conceding[seat] = true; render() end)
  end
end

-- The whole game's controls of one seat.
local function tableRows(rows, seat)
  local view, color = M.views[seat], SEATS[seat + 1]
  local me = view.seats and view.seats[seat + 1] or {}
  local counters = me.counters
  local life = counters and counters.life or me.life
  if me.conceded then return text(rows, "You have conceded: the others play on", color) end
  text(rows, "Life " .. num(life) .. ", library " .. num(me.library_size)
    .. ", hand " .. #(view.hand or {}) .. ", graveyard " .. #(me.graveyard or {}), color)
  for _, open in ipairs(view.looking or {}) do
    if open.seat == seat then
      if open.kind == "search" then return searchRows(rows, seat, open) end
      return lookRows(rows, seat, open)
    end
  end
  M.page[seat] = 1
  commanderRows(rows, seat, view, me)
  turnRows(rows, seat, view)
  button(rows, seat, "Draw", function() act(seat, { action = "draw", count = 1 }) end)
  button(rows, seat, "Mill 1", function() act(seat, { action = "mill", count = 1 }) end)
  button(rows, seat, "Shuffle", function() act(seat, { action = "shuffle" }) end)
  button(rows, seat, "Search library", function() act(seat, { action = "search" }) end)
  button(rows, seat, "Scry 2", function() act(seat, { action = "look", count = 2 }) end)
  button(rows, seat, "Reveal 1", function() act(seat, { action = "reveal", count = 1 }) end)
  -- Life and poison are public counters the server logs as actions of the seat, when it
  -- keeps them (the view's `counters`).
  if counters then
    for _, c in ipairs({ { "life", -1, "Life -1" }, { "life", 1, "Life +1" }, { "poison", 1, "Poison +1" } }) do
      button(rows, seat, c[3], function()
        act(seat, { action = "counter", counter = c[1], delta = c[2] })
      end)
    end
  end
  if #(me.graveyard or {}) > 0 then
    button(rows, seat, "Shuffle graveyard in", function()
      local ids = {}
      for _, card in ipairs(me.graveyard) do table.insert(ids, card.id) end
      act(seat, { action = "shuffle_in", cards = ids, from = "graveyard" })
    end)
  end
end

local function panelXml(rows)
  local height = 0
  for _, row in ipairs(rows) do height = height + (row:match("^<Button") and 34 or 30) end
  return '<Panel id="mulligan" rectAlignment="UpperRight" offsetXY="-10 -80" width="360" '
    .. 'height="720" color="#1E1E1EE0"><VerticalScrollView width="360" height="720" '
    .. 'color="#00000000"><VerticalLayout padding="8 8 8 8" spacing="4" height="'
    .. math.max(720, height + 16) .. '" childForceExpandHeight="false">'
    .. table.concat(rows) .. "</VerticalLayout></VerticalScrollView></Panel>"
end

render = function()
  for k in pairs(buttons) do buttons[k] = nil end
  local rows = {}
  if M.notice then text(rows, "The server said: " .. M.notice, "Admin") end
  if M.game == nil then
    text(rows, "mulligan: no game yet")
    button(rows, nil, "Start game", function() startGame() end, true)
  else
    local done = true
    for seat = 0, #SEATS - 1 do
      local view = M.views[seat]
      if view then
        done = done and view.done
        local color = SEATS[seat + 1]
        text(rows, nameOf(seat) .. " (" .. color .. ")", color)
        if view.pending and view.pending[1] then
          decisionRows(rows, seat, view.pending[1])
        elseif not view.done then
          text(rows, "Waiting for the other players", color)
        elseif M.game.whole_game and not M.ended then
          tableRows(rows, seat)
        end
      else
        done = false
      end
    end
    if M.ended then
      text(rows, "Game over: the log verifies with `mulligan verify`")
    elseif done and M.game.whole_game then
      button(rows, nil, "End game", function() endGame() end, true)
    elseif done then
      text(rows, "The game start is done: the log verifies with `mulligan verify`")
    end
    button(rows, nil, "Resync table", function() resync() end, true)
  end
  UI.setXml(panelXml(rows))
end

-- A button of the panel: only the player of its seat may press it, a host button only the
-- host or a promoted player (the visibility hides them from the others; this checks again).
function onMulliganButton(player, value, id)
  local b = buttons[id]
  if b == nil then return end
  if b.host and not isHost(player) then
    printToColor("mulligan: only the host may do that", player.color)
    return
  end
  if b.seat ~= nil and player.color ~= SEATS[b.seat + 1] then
    printToColor("mulligan: that button is " .. nameOf(b.seat) .. "'s", player.color)
    return
  end
  b.run()
end
