
-- -- requests --------------------------------------------------------------------------------
-- One lane per seat (and one for the host): a lane sends one request at a time, in order, so
-- a seat's action numbers stay in order however late a reply comes.

local lanes = {}

local function gamePath() return "/games/" .. M.game.game_id end
local function seatPath(seat) return gamePath() .. "/seats/" .. seat end
local function seatToken(seat) return M.game.seats[seat + 1].token end

-- An empty Lua table is a list here (no body of this API has an empty object in it).
local function encode(body)
  if body == nil then return "" end
  return (JSON.encode(body):gsub('":%s*{}', '":[]'))
end

local runLane

local function finish(lane, req)
  req.done = true
  lane.busy = false
  runLane(lane)
end

-- What a reply means: ok (2xx with a JSON body), retry (no reply, a 5xx, a body that is not
-- JSON) or refused (a 4xx: the server's error object, code and message).
local function classify(request)
  local code = request.response_code or 0
  -- (Some TTS builds also set is_error on a 4xx; its JSON body still says what was refused.)
  if request.is_error and not (code >= 400 and code < 500) then return "retry", nil end
  if code >= 500 or code == 0 then return "retry", nil end
  if request.text == nil or request.text == "" then return "retry", nil end
  if code >= 200 and code < 300 and not request.json then return "ok", request.text end
  local reply = JSON.decode(request.text)
  if reply == nil then return "retry", nil end
  if reply.error then return "refused", reply.error end
  return "ok", reply
end

local function send(lane, req)
  req.attempt = req.attempt + 1
  local attempt = req.attempt
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json" }
  if req.token then headers["Authorization"] = "Bearer " .. req.token end
  for name, value in pairs(req.headers or {}) do headers[name] = value end
  M.calls = M.calls + 1
  local function again(why)
    if req.done or req.attempt ~= attempt then return end
    if req.attempt >= REQUEST_TRIES then
      M.notice = req.method .. " " .. req.path .. ": " .. why
      print("mulligan: " .. M.notice .. "; reading the table again")
      render()
      finish(lane, req)
      if req.onGiveUp then req.onGiveUp() else resync() end
      return
    end
    -- The same request again, byte for byte: the server answers a repeat once.
    Wait.time(function() send(lane, req) end, math.min(2 ^ (req.attempt - 1), 8))
  end
  WebRequest.custom(SERVER .. req.path, req.method, true, req.data, headers, function(request)
    if req.done or req.attempt ~= attempt then return end -- a late reply to a retried request
    local kind, reply = classify({
      is_error = request.is_error, response_code = request.response_code, text = request.text,
      json = req.json,
    })
    if kind == "retry" then return again(tostring(request.error or request.response_code)) end
    req.done = true
    -- The reply is applied before the lane's next request is sent: that one's number comes
    -- from this reply's next_action.
    local ok, err = pcall(function()
      if kind == "ok" then
        M.notice = nil
        req.onOk(reply)
        -- A reply that took more than one try: the table is read again all the same.
        if req.attempt > 1 and req.method ~= "GET" and M.game ~= nil then resync() end
      else
        if req.seat ~= nil and reply.next_action then M.next[req.seat] = reply.next_action end
        M.notice = tostring(reply.code) .. ": " .. tostring(reply.message)
        print("mulligan: " .. M.notice)
        render()
        if req.onRefused then req.onRefused(reply) else resync() end
      end
    end)
    if not ok then print("mulligan: " .. tostring(err)) end
    finish(lane, req)
  end)
  Wait.time(function() again("no reply in " .. REQUEST_TIMEOUT .. " s") end, REQUEST_TIMEOUT)
end

runLane = function(lane)
  if lane.busy or #lane.queue == 0 then return end
  local req = table.remove(lane.queue, 1)
  if req.prepare then req.prepare(req) end
  if req.skip then return runLane(lane) end
  lane.busy = true
  send(lane, req)
end

-- Queues one request on the lane `laneKey` ("host" or a seat number). `spec`: method, path,
-- token, body, onOk(reply), and optionally seat, onRefused(error), onGiveUp(), json=false (a
-- body that is not JSON), prepare(req) (runs when the request's turn comes), headers (more
-- request headers, sent on every try).
local function request(laneKey, spec)
  local lane = lanes[laneKey]
  if lane == nil then
    lane = { busy = false, queue = {} }
    lanes[laneKey] = lane
  end
  spec.attempt = 0
  spec.data = encode(spec.body)
  if spec.json == nil then spec.json = true end
  table.insert(lane.queue, spec)
  runLane(lane)
end

-- Whether any request is waiting or in flight (the tests wait for a quiet table).
function mulliganBusy()
  for _, lane in pairs(lanes) do
    if lane.busy or #lane.queue > 0 then return true end
  end
  return false
end

-- Reads every seat's view again and rebuilds the whole table from the server: after any error,
-- on load, and from the host's "Resync table". A seat whose view is already being read again
-- is not asked twice.
local reading = {}
resync = function(after)
  if M.game == nil then return end
  local left = #SEATS
  for seat = 0, #SEATS - 1 do
    if reading[seat] then
      left = left - 1
    else
      reading[seat] = true
      request(seat, {
        method = "GET", path = seatPath(seat), token = seatToken(seat), seat = seat,
        onOk = function(view)
          reading[seat] = false
          M.views[seat] = view
          if view.next_action then M.next[seat] = view.next_action end
          if view.ended then M.ended = true end
          rebuildSeat(seat)
          render()
          left = left - 1
          if left == 0 then
            if after then after() end
            if M.ended and M.log == nil then fetchLog() end
          end
        end,
        onRefused = function() reading[seat] = false end,
        onGiveUp = function()
          reading[seat] = false
          Wait.time(function() resync() end, REQUEST_TIMEOUT)
        end,
      })
    end
  end
end
