# Two commands do all set-up on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench bench-bots soak selfplay clean

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# Exit status 2 means the game has already said why in one line (no display, bad arguments, unusable save).
play: $(STAMP)
	@$(BIN)/python main.py $(ARGS) || [ $$? -eq 2 ]

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The suite takes minutes, spread over every core (pytest-xdist); a run that has not ended after 40 fails instead
# of hanging (it once hung at exit). It runs the tests marked slow too; `pytest -m "not slow"` is the quick loop
# (docs/testing.md).
test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout --kill-after=30 2400 $(BIN)/python -m pytest -q -n auto

bench: $(STAMP)
	$(BIN)/python -m benchmarks.moves
	$(BIN)/python -m benchmarks.solver
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks.frames

# RLCard's rule agent is an outside opponent for the benchmarks only (requirements-bench.txt, docs/bots.md).
bench-bots: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	$(BIN)/python -m benchmarks.bots
	$(BIN)/python -m benchmarks.bots --pairs hard:rlcard,normal:rlcard
	$(BIN)/python -m benchmarks.bots --pairs hard:hard#f3e94a8 --deals 1000 --seed 7
	$(BIN)/python -m benchmarks.bots --matches 200 --pairs normal:normal@top,hard:hard@top
	$(BIN)/python -m benchmarks.bots --bids 2000

# The issue 15 soak: ARGS="--hands 100000 --events 100000 --memory-hands 200 --kills 50" for the full figures;
# "--jobs 2" splits the bot-only hands over two processes, "--seconds S" bounds each part (the counts are exact).
soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy nice -n 10 $(BIN)/python -m benchmarks.soak $(ARGS)

selfplay: $(STAMP)
	$(BIN)/python -m game.selfplay --games 1000 --seed 1

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
