# Tinsel in a container: one bot process (see README, "Running past one process").
#   docker build -t tinsel .
#   docker run --env-file .env -v tinsel-data:/data tinsel
# The pictures' fonts are bundled in the package (render/fonts), so the image needs no
# system fonts. compose.yaml runs two of these as two shards beside PostgreSQL.

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine engine
COPY render render
COPY bot bot
# The runtime dependencies only: no test or bench extras.
RUN python -m pip install --no-cache-dir --prefix=/install .

FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    TINSEL_HEARTBEAT=/tmp/tinsel-heartbeat
COPY --from=build /install /usr/local
RUN useradd --create-home --uid 10001 tinsel \
    && mkdir /data \
    && chown tinsel:tinsel /data
USER tinsel
# The working directory is the volume: SQLite's file (TINSEL_DB, default tinsel.db) lands
# there, whether TINSEL_DB is left alone or set to a bare file name in .env.
WORKDIR /data
VOLUME ["/data"]
# The bot rewrites its heartbeat file every 10 s while connected to Discord; python -m
# bot.health fails once it is 30 s old, or gone (a graceful stop removes it).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.health"]
# SIGTERM (docker stop) stops gracefully: presses in flight finish, new ones are told to
# press again in a moment, then the database closes. Give it 30 s (--stop-timeout 30).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
