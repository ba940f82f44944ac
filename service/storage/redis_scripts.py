"""The Lua scripts of the Redis session store: each touches the keys of one hash tag, so one Cluster slot.

A session's scripts take two keys of its hash tag: its hash and its event log, a stream whose entry ids are
``<version>-0`` with the body in field ``e``. Writes check both keys before writing either (a script that fails
halfway would leave half a write), and give both the same TTL. A write with an entry then PUBLISHes the
session id on the store's change channel (``ARGV`` entry, channel, id): a wake-up for the change feeds that
costs no extra round trip; ``PUBLISH`` takes no key, and in a Cluster it reaches the subscribers of every node.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CAPACITY_LUA",
    "CREATE_LUA",
    "DELETE_LUA",
    "EVENTS_LUA",
    "GET_LUA",
    "QUOTA_LUA",
    "RELEASE_LUA",
    "REPLACE_LUA",
]

# Every script first checks the key's type: anything but a hash (or nothing) is a corrupt record, {-2}.
# The first write of a script is the HSET of the session: Redis refuses a script at maxmemory (OOM) on its
# first write only, so a write before it (even a DEL of nothing) would let the script past the limit.

# KEYS[1] session key, KEYS[2] its log; ARGV: document, ttl_ms, token, client, entry ('1' or '0'), its body,
# channel, session id, high-water mark (a share of maxmemory), the bytes the session adds. Returns 1 if created
# (or if this very call created it before a retry), 0 if the id is taken, {-1, used, maxmemory} if the node's
# memory with the new session would reach the mark. The memory is read here, at each creation, on the node that
# would hold the session: Redis runs one script at a time, so no flood of creations, from however many workers,
# gets past the mark between two readings. Without INFO (a renamed command) nothing is refused here: then OOM
# is the only limit, and it stops the moves too.
CREATE_LUA: Final = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('TYPE', KEYS[1]).ok == 'hash' and redis.call('HGET', KEYS[1], 'w') == ARGV[3] then return 1 end
  return 0
end
local info = redis.pcall('INFO', 'memory')
if type(info) == 'string' then
  local limit = tonumber(string.match(info, '\\nmaxmemory:(%d+)') or '0')
  if limit > 0 then
    local used = tonumber(string.match(info, '\\nused_memory:(%d+)') or '0')
    used = used - tonumber(string.match(info, '\\nmem_not_counted_for_evict:(%d+)') or '0')
    if used + tonumber(ARGV[10]) >= limit * tonumber(ARGV[9]) then return {-1, used, limit} end
  end
end
redis.call('HSET', KEYS[1], 'v', 1, 's', ARGV[1], 'w', ARGV[3], 'c', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('DEL', KEYS[2])
if ARGV[5] == '1' then
  redis.call('XADD', KEYS[2], '1-0', 'e', ARGV[6])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  redis.call('PUBLISH', ARGV[7], ARGV[8])
end
return 1
"""

# KEYS[1] session key, KEYS[2] its log; ARGV: ttl_ms. Returns {-1} absent, {-2} corrupt, else
# {1, version, document}; refreshes the TTL of both.
GET_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t ~= 'hash' then return {-2} end
local r = redis.call('HMGET', KEYS[1], 'v', 's')
if not r[1] then return {-1} end
if not tonumber(r[1]) or not r[2] then return {-2} end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return {1, r[1], r[2]}
"""

# KEYS[1] session key, KEYS[2] its log; ARGV: expected version, document, ttl_ms, token, entry ('1' or '0'),
# its body, channel, session id, log limit.
# Returns {-1} not found, {-2} corrupt, {0, current} conflict, {1, new version} written (or written by this
# very call: a retry appends nothing either). A log that is no stream, or that already holds the new version,
# is a corrupt record: refused before anything is written.
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
  local entry = ARGV[5] == '1'
  if entry then
    local lt = redis.call('TYPE', KEYS[2]).ok
    if lt ~= 'none' and lt ~= 'stream' then return {-2} end
    local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)[1]
    if last and tonumber(string.match(last[1], '^(%d+)')) >= v then return {-2} end
  end
  redis.call('HSET', KEYS[1], 'v', v, 's', ARGV[2], 'w', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  if entry then
    redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[9], string.format('%d-0', v), 'e', ARGV[6])
    redis.call('PUBLISH', ARGV[7], ARGV[8])
  end
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  return {1, v}
end
if r[2] == ARGV[4] then return {1, v} end
return {0, v}
"""

# KEYS[1] session key, KEYS[2] its log; ARGV: the first entry id to read ('-' or '<version>-0').
# Returns {-1} not found, {-2} corrupt, {1, id of the oldest entry or '0', entries from ARGV[1] on}. Leaves
# the TTLs alone; two O(log n) lookups when nothing is newer.
EVENTS_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t ~= 'hash' then return {-2} end
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return {-1} end
if not tonumber(v) then return {-2} end
local lt = redis.call('TYPE', KEYS[2]).ok
if lt == 'none' then return {1, '0', {}} end
if lt ~= 'stream' then return {-2} end
local first = redis.call('XRANGE', KEYS[2], '-', '+', 'COUNT', 1)[1]
if not first then return {1, '0', {}} end
return {1, first[1], redis.call('XRANGE', KEYS[2], ARGV[1], '+')}
"""

# KEYS[1] session key, KEYS[2] its log; ARGV: expected version, token, tombstone_ms, changes channel, session id.
# Returns {-1} not found, {0, current} conflict, {1, client} deleted (or deleted by this very call).
# A corrupt record (wrong type, unreadable version) is deleted by whoever may delete the session.
# A deletion is published like a write, so that the session's open streams look, find it gone, and end.
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
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('HSET', KEYS[1], 'd', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  if ARGV[4] then redis.call('PUBLISH', ARGV[4], ARGV[5]) end
  return {1, r[3] or ''}
end
redis.call('DEL', KEYS[1], KEYS[2])
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
