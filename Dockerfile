# One image for the API, the workers and the embedding component; the command
# picks the role. Deno comes from the npm registry, as on the hosts.
FROM debian:bookworm-slim

RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates nodejs npm tini \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY scripts/ensure_deno.sh scripts/ensure_deno.sh
RUN scripts/ensure_deno.sh && ln -s /app/.tools/node_modules/.bin/deno /usr/local/bin/deno

ENV DENO_DIR=/app/.deno-cache
COPY deno.json deno.lock ./
RUN deno install --frozen
COPY . .
RUN deno cache main.ts embedding/main.ts scripts/*.ts \
 && useradd --system --uid 10001 backbone \
 && mkdir -p /models \
 && chown -R backbone /app/node_modules /app/.deno-cache /models

USER backbone
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["deno", "run", "-A", "main.ts"]
