-- wrk script: POST the JSON body read from the file named by $BENCH_BODY.
local path = os.getenv("BENCH_BODY")
local file = assert(io.open(path, "rb"), "cannot open " .. tostring(path))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
