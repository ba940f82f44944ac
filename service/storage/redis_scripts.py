"""The Lua scripts of the Redis session store: each touches the keys of one hash tag, so one Cluster slot."""

from __future__ import annotations

from typing import Final

__all__ = ["CAPACITY_LUA", "CREATE_LUA", "DELETE_LUA", "GET_LUA", "QUOTA_LUA", "RELEASE_LUA", "REPLACE_LUA"]

# Every script first checks the key's type: anything but a hash (or nothing) is a corrupt record, {-2}.

# KEYS[1] session key; ARGV: document, ttl_ms, token, client. Returns 1 if created (or if this very call
# created it before a retry), 0 if the id is taken.
CREATE_LUA: Final = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('TYPE', KEYS[1]).ok == 'hash' and redis.call('HGET', KEYS[1], 'w') == ARGV[3] then return 1 end
  return 0
end
redis.call('HSET', KEYS[1], 'v', 1, 's', ARGV[1], 'w', ARGV[3], 'c', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""

# KEYS[1] session key; ARGV: ttl_ms. Returns {-1} absent, {-2} corrupt, else {1, version, document};
# refreshes the TTL.
GET_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t ~= 'hash' then return {-2} end
local r = redis.call('HMGET', KEYS[1], 'v', 's')
if not r[1] then return {-1} end
if not tonumber(r[1]) or not r[2] then return {-2} end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {1, r[1], r[2]}
"""

# KEYS[1] session key; ARGV: expected version, document, ttl_ms, token.
# Returns {-1} not found, {-2} corrupt, {0, current} conflict, {1, new version} written (or written by this
# very call).
REPLACE_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t ~= 'hash' then return {-2} end
local r = redis.call('HMGET', KEYS[1], 'v', 'w')
if not r[1] then return {-1} end
local v = tonumber(r[1])
if not v then return {-2} end
if v == tonumber(ARGV[1]) then
  v = v + 1
  redis.call('HSET', KEYS[1], 'v', v, 's', ARGV[2], 'w', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, v}
end
if r[2] == ARGV[4] then return {1, v} end
return {0, v}
"""

# KEYS[1] session key; ARGV: expected version, token, tombstone_ms.
# Returns {-1} not found, {0, current} conflict, {1, client} deleted (or deleted by this very call).
# A corrupt record (wrong type, unreadable version) is deleted by whoever may delete the session.
DELETE_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t == 'hash' then
  local r = redis.call('HMGET', KEYS[1], 'v', 'd', 'c')
  if not r[1] then
    if r[2] == ARGV[2] then return {1, ''} end
    return {-1}
  end
  local v = tonumber(r[1])
  if v and v ~= tonumber(ARGV[1]) then return {0, v} end
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'd', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, r[3] or ''}
end
redis.call('DEL', KEYS[1])
return {1, ''}
"""

# KEYS[1] the client's live set, KEYS[2] its creation counter; ARGV: now_ms, max_live, max_creates,
# window_ms, ttl_ms, session id. Returns {1} counted, {0, ms} over the creation rate, {-1, ms} over the
# live cap (ms: until a slot frees).
QUOTA_LUA: Final = """
local now = tonumber(ARGV[1])
local max_live, max_creates = tonumber(ARGV[2]), tonumber(ARGV[3])
if max_creates > 0 then
  local c = tonumber(redis.call('GET', KEYS[2]) or '0')
  if c >= max_creates then return {0, redis.call('PTTL', KEYS[2])} end
end
if max_live > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if redis.call('ZCARD', KEYS[1]) >= max_live then
    local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {-1, math.floor(tonumber(first[2]) - now)}
  end
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[5]), ARGV[6])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
if max_creates > 0 then
  if redis.call('INCR', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
end
return {1}
"""

# KEYS[1] the store's set of live sessions (all of them, one key); ARGV: now_ms, max_sessions, expires_ms,
# session id. Returns {1} admitted (and counted), {0, ms} at the cap (ms: until the soonest entry lapses).
# Checking and adding in one script is what makes SESSION_MAX_SESSIONS exact across workers and hosts.
CAPACITY_LUA: Final = """
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, math.floor(tonumber(first[2]) - now)}
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
return {1}
"""

# KEYS[1] a client's live set, KEYS[2] its creation counter; ARGV: session id, 1 when the creation was counted
# in the counter. Gives back what the quota script took for a creation refused afterwards (a refused request
# changes nothing).
RELEASE_LUA: Final = """
redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] == '1' and tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 1
"""
