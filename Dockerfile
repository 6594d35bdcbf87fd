# One image for the API, the workers and the embedding component; the command picks the role.
# The build stage gets Deno from the npm registry, as the hosts do, and resolves every runtime
# dependency; the runtime stage holds Deno's binary, the code and its runtime packages only:
# no Node.js, no npm, no test-only packages, and no secrets (.dockerignore keeps them out).
FROM debian:bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates nodejs npm \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY scripts/ensure_deno.sh scripts/ensure_deno.sh
RUN scripts/ensure_deno.sh && cp .tools/node_modules/deno/deno /usr/local/bin/deno && rm -rf .tools
ENV DENO_DIR=/app/.deno-cache DENO_NO_UPDATE_CHECK=1
COPY . .
# Test-only packages leave the import map before install (tests/scripts/containers_test.ts checks that no
# runtime file imports them); caching every entry point fails the build if one still did.
RUN deno run --allow-read=deno.json --allow-write=deno.json scripts/runtime_imports.ts \
 && deno install \
 && deno cache main.ts embedding/main.ts scripts/*.ts \
 && rm -rf tests bench clients examples

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 backbone \
 && mkdir -p /models && chown backbone /models
COPY --from=build /usr/local/bin/deno /usr/local/bin/deno
COPY --from=build /app /app
# Deno keeps its caches beside the modules; the code itself stays read-only for the service user.
RUN chown -R backbone /app/.deno-cache
WORKDIR /app
ENV DENO_DIR=/app/.deno-cache DENO_NO_UPDATE_CHECK=1
USER backbone
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
# The API and the worker run with deno.json's `service` permission set, the embedding component with `embedding`.
CMD ["deno", "run", "--cached-only", "-P=service", "main.ts"]
