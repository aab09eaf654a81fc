-- wrk script: a 53-byte JSON POST with a well-formed but wrong HMAC-SHA256
-- signature (every server answers 401), and a machine-readable summary.
wrk.method = "POST"
wrk.body = '{"action":"opened","number":42,"ref":"refs/heads/ma"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Signature"] = string.rep("0", 64)

function done(summary, latency, requests)
   local seconds = summary.duration / 1e6
   io.write(string.format("RESULT rps=%.0f p50_us=%d p99_us=%d requests=%d non2xx=%d errors=%d\n",
      summary.requests / seconds, latency:percentile(50), latency:percentile(99),
      summary.requests, summary.errors.status,
      summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
