-- wrk script: mixed traffic for tests/soak/soak.sh.
--
-- Every request names its kind in X-Request-Id ("<kind>.<n>"); the server
-- echoes the header, so each answer is matched to what was sent and its
-- status checked against the kind's expected status. done() prints, for
-- soak.sh to read:
--   status <code> <count>            answers by status
--   kind <name> <count> <unexpected> answers by kind, and how many had
--                                    another status than expected
--   unmatched <count>                answers without a known request id

local big_batch = {}
for i = 1, 10001 do big_batch[i] = "{}" end

local function batch(n)
  local q = {}
  local lands = { '"Forest"', '"Plains"', '"Wooded Foothills"', '"Steam Vents"',
                  '"City of Brass"', '"Urza\'s Mine"', '"Godless Shrine"' }
  for i = 1, n do
    q[i] = string.format('{"battlefield":[%s,%s,%s],"library":[%s],"life":%d,"cost":"%s"}',
      lands[i % 7 + 1], lands[(i + 2) % 7 + 1], lands[(i + 4) % 7 + 1],
      lands[(i + 1) % 7 + 1], i % 20 + 1, ({ "RG", "{W/P}{B}", "2W", "{2/U}", "C" })[i % 5 + 1])
  end
  return '{"queries":[' .. table.concat(q, ",") .. ']}'
end

local json = { ["Content-Type"] = "application/json" }

-- kind, method, path, body, expected status, headers (default: JSON)
local kinds = {
  { "solve", "POST", "/v1/mana/solve",
    '{"battlefield":["Wooded Foothills","Forest"],"library":["Steam Vents"],"life":7,"cost":"RG"}', 200 },
  { "solve_plan", "POST", "/v1/mana/solve",
    '{"battlefield":["City of Brass","Urza\'s Mine","Urza\'s Power Plant","Urza\'s Tower","Marsh Flats"],' ..
    '"library":["Godless Shrine","Plains"],"life":9,"cost":"{X}{2/R}{W/P}{B}","x":2}', 200 },
  { "solve_no", "POST", "/v1/mana/solve",
    '{"battlefield":["Forest"],"life":3,"cost":"UU"}', 200 },
  { "batch", "POST", "/v1/mana/solve/batch", batch(25), 200 },
  { "malformed", "POST", "/v1/mana/solve", '{"battlefield":["Forest"],"life":3,"cost":"G",', 400 },
  { "malformed_utf8", "POST", "/v1/mana/solve", '{"battlefield":["\255\254"],"life":3,"cost":"G"}x', 400 },
  { "unknown_land", "POST", "/v1/mana/solve", '{"battlefield":["Forrest"],"life":3,"cost":"G"}', 400 },
  { "unknown_field", "POST", "/v1/mana/solve", '{"battlefield":[],"life":3,"cost":"G","mana":1}', 400 },
  { "wrong_type", "POST", "/v1/mana/solve", '{"battlefield":"Forest","life":"3","cost":7}', 400 },
  { "bad_cost", "POST", "/v1/mana/solve", '{"battlefield":["Forest"],"life":3,"cost":"{G"}', 400 },
  { "batch_bad", "POST", "/v1/mana/solve/batch",
    '{"queries":[{"battlefield":["Forest"],"life":3,"cost":"G"},{"battlefield":[1],"life":3,"cost":"G"}]}', 400 },
  { "batch_too_many", "POST", "/v1/mana/solve/batch",
    '{"queries":[' .. table.concat(big_batch, ",") .. ']}', 413 },
  { "deck", "POST", "/v1/deck/colors",
    '{"cards":[{"name":"Mountain","type_line":"Basic Land \226\128\148 Mountain"},' ..
    '{"name":"Boros Reckoner","mana_cost":"{R/W}{R/W}{R/W}","type_line":"Creature"},' ..
    '{"name":"Cavern of Souls","type_line":"Land","oracle_text":"{T}: Add {C}.\\n{T}: Add one mana of any color."}]}', 200 },
  { "deck_bad", "POST", "/v1/deck/colors", '{"cards":[{"mana_cost":"{R}"}]}', 400 },
  { "combat", "POST", "/v1/combat/blocks",
    '{"attackers":[[2,2],[3,3],[4,1],[1,5]],"defenders":[[1,4],[1,1],[0,1],[3,3],[2,2]]}', 200 },
  { "combat_bad", "POST", "/v1/combat/blocks", '{"attackers":[[-1,2]],"defenders":[]}', 400 },
  { "camelot", "POST", "/v1/camelot/solve", '{"deck":"QJ3J3828Q346KQ5A070J42764Q9J9A25K96A3829554K68007KA7"}', 200 },
  { "camelot_batch", "POST", "/v1/camelot/solve/batch", '{"decks":["654Q4A939708JJ067AKAQQ26A9J7254QJKK25K36590473280388","72580564AKQ7A847K0347J8QKJA266Q9330JQ056954AJ389922K"]}', 200 },
  { "camelot_bad", "POST", "/v1/camelot/solve", '{"deck":"QJ3J3828Q346KQ5A070J42764Q9J9A25K96A3829554K68007KA7K"}', 400 },
  { "lands", "GET", "/v1/lands", nil, 200, {} },
  { "healthz", "GET", "/healthz", nil, 200, {} },
  { "not_found", "GET", "/v1/nothing", nil, 404, {} },
  { "wrong_method", "GET", "/v1/mana/solve", nil, 405, {} },
  { "wrong_media", "POST", "/v1/mana/solve", '{"battlefield":[],"life":1,"cost":"0"}', 415,
    { ["Content-Type"] = "text/plain" } },
}

-- Valid work most of the time, every error kind regularly.
local order = { 1, 2, 3, 4, 1, 13, 15, 5, 2, 6, 7, 1, 8, 9, 10, 4, 11, 13, 14, 15, 16,
                17, 1, 20, 21, 22, 23, 24, 3, 2, 12, 18, 19 }

local expected = {}
for _, k in ipairs(kinds) do expected[k[1]] = k[5] end

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  seen = {}
  unexpected = {}
  unmatched = 0
end

function request()
  counter = counter + 1
  local k = kinds[order[counter % #order + 1]]
  local headers = {}
  for name, value in pairs(k[6] or json) do headers[name] = value end
  headers["X-Request-Id"] = k[1] .. "." .. id .. "." .. counter
  return wrk.format(k[2], k[3], headers, k[4])
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  local rid = headers["X-Request-Id"] or headers["x-request-id"] or ""
  local kind = rid:match("^([%w_]+)%.")
  if not kind or not expected[kind] then
    unmatched = unmatched + 1
    return
  end
  seen[kind] = (seen[kind] or 0) + 1
  if status ~= expected[kind] then
    unexpected[kind] = (unexpected[kind] or 0) + 1
  end
end

function done(summary, latency, requests)
  local statuses_all, seen_all, unexpected_all, unmatched_all = {}, {}, {}, 0
  for _, t in ipairs(threads) do
    for code, n in pairs(t:get("statuses")) do statuses_all[code] = (statuses_all[code] or 0) + n end
    for kind, n in pairs(t:get("seen")) do seen_all[kind] = (seen_all[kind] or 0) + n end
    for kind, n in pairs(t:get("unexpected")) do unexpected_all[kind] = (unexpected_all[kind] or 0) + n end
    unmatched_all = unmatched_all + t:get("unmatched")
  end
  for code, n in pairs(statuses_all) do io.write(string.format("status %d %d\n", code, n)) end
  for _, k in ipairs(kinds) do
    io.write(string.format("kind %s %d %d\n", k[1], seen_all[k[1]] or 0, unexpected_all[k[1]] or 0))
  end
  io.write(string.format("unmatched %d\n", unmatched_all))
  local e = summary.errors
  io.write(string.format("socket_errors connect=%d read=%d write=%d timeout=%d\n",
    e.connect, e.read, e.write, e.timeout))
  io.write(string.format("requests %d duration_us %d\n", summary.requests, summary.duration))
end
