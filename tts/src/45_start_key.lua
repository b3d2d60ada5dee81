
-- -- a start that is safe to resend --------------------------------------------------------------
-- "Start game" sends an Idempotency-Key (docs/SERVE.md, "Resending a creation"): one key for
-- the table's start, the same on every resend of it (a lost, failed or late reply, and a
-- second press after the script gave up). The server answers a resend with the game the first
-- request created, never a second game. The key is kept until a start succeeds, in the TTS
-- save too, so a table saved and loaded in between still gets that game. A key is a secret
-- like a token: whoever holds it and the start's body gets the game's tokens.

local function newStartKey()
  -- math.random mixed with the clock and a fresh table's address: two tables (or two runs of
  -- one) do not draw the same key. 32 hex digits after the prefix.
  local address = tonumber(tostring({}):match("0x(%x+)") or "0", 16) or 0
  local now = (os and os.time) and os.time() or 0
  local clock = (os and os.clock) and math.floor(os.clock() * 1000000) or 0
  math.randomseed((now + clock + address) % 2147483647)
  local parts = { "tts-start-" }
  for _ = 1, 8 do table.insert(parts, string.format("%04x", math.random(0, 65535))) end
  return table.concat(parts)
end

-- The key of the start in progress (a new one when none is).
local function startKey()
  if M.start_key == nil then M.start_key = newStartKey() end
  return M.start_key
end

-- What a start's reply means for its key: kept after a lost reply or a refusal (the server
-- gives up the key of a refused start, so a corrected deck list goes with the same key);
-- dropped once the game exists, or when the server says the key went with another body (the
-- host changed a deck list after a lost reply: the next press is a new start). A 409 (the
-- first request still in flight) presses Start game again a little later.
local function startKeyDone(refusal)
  if refusal == nil then
    M.start_key = nil
  elseif refusal.code == "invalid" and tostring(refusal.message or ""):find("^Idempotency%-Key") then
    M.start_key = nil
  elseif refusal.code == "conflict" then
    -- The first request with the key is still in flight: ask again in a moment for its game.
    Wait.time(function() if M.game == nil then startGame() end end, REQUEST_TIMEOUT)
  end
end

-- The save of a table with no game yet: only the start key, if a start is in progress.
local function startKeyState()
  if M.start_key == nil then return "" end
  return JSON.encode({ format = "mulligan-tts/1", server = SERVER, start_key = M.start_key })
end

local function restoreStartKey(saved)
  if type(saved) == "table" and type(saved.start_key) == "string" then
    M.start_key = saved.start_key
  end
end
