# Rules Tutor: set-up, serving and tests.
#
#   make serve   serve the notebooks as web pages on http://127.0.0.1:$(PORT)/
#   make test    unit tests, notebook output checks (nbval) and browser tests
#   make hub     JupyterHub for a class on http://127.0.0.1:$(HUB_PORT)/ (deploy/README.md)
#   make clean   remove the virtualenv and test output

PORT ?= 8866
HUB_PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
# Re-install only when pyproject.toml changes (or the venv is gone).
STAMP := $(VENV)/.installed-stamp
CHROMIUM := /usr/bin/chromium
NOTEBOOKS := $(wildcard notebooks/*.ipynb)
# configurable-http-proxy for the hub, from npm (deploy/package.json, deploy/package-lock.json).
HUB_DEPS := deploy/node_modules/.installed-stamp
# axe-core, injected into the pages by the browser tests' accessibility check (tests/package.json, package-lock.json).
TEST_DEPS := tests/node_modules/.installed-stamp

# Test worker processes (pytest-xdist) for the tests outside tests/browser; each takes whole test files, so a file's
# fixtures stay in one process. The browser tests run afterwards in one process: their session-wide Playwright keeps
# an asyncio loop running that tests with a loop of their own must never meet (xdist orders files by size, not as
# tests/conftest.py puts them), and two browsers with two servers each on 2 cores would make their pages slow.
TEST_WORKERS ?= 2
# pytest's exit code 5 means "no tests collected": not a failure here. --durations=30: the log names the slowest tests.
define pytest
	$(PY) -m pytest --durations=30 $(1) || { rc=$$?; [ $$rc -eq 5 ] && echo "(pytest: no tests collected in $(1))" || exit $$rc; }
endef

.PHONY: venv test serve clean chromium postgresql hub hub-deps test-deps

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(VENV)/bin/pip install -e '.[test]'
	touch $@

# Browser tests drive Debian's chromium (never a browser download).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian chromium for the browser tests"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	  else \
	    echo "NOTE: $(CHROMIUM) is missing: browser tests will be skipped." \
	         "Install it with: sudo apt-get install chromium" >&2; \
	  fi; \
	fi

# The progress tests start a real PostgreSQL server from Debian's package (never a download of its own).
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian postgresql for the progress tests"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; \
	  else \
	    echo "NOTE: PostgreSQL is missing: its progress tests will be skipped." \
	         "Install it with: sudo apt-get install postgresql" >&2; \
	  fi; \
	fi

# The hub's proxy. Without npm the hub test is skipped (except under CI=true, where it fails).
hub-deps: $(HUB_DEPS)

$(HUB_DEPS): deploy/package.json deploy/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix deploy --no-audit --no-fund && touch $@; \
	else \
	  echo "NOTE: npm is missing: the JupyterHub test will be skipped." \
	       "Install Node.js 20+ and npm, then run: make hub-deps" >&2; \
	fi

# axe-core for the accessibility check. Without npm that test is skipped (except under CI=true, where it fails).
test-deps: $(TEST_DEPS)

$(TEST_DEPS): tests/package.json tests/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix tests --no-audit --no-fund && touch $@; \
	else \
	  echo "NOTE: npm is missing: the accessibility test will be skipped." \
	       "Install Node.js 20+ and npm, then run: make test-deps" >&2; \
	fi

test: venv chromium postgresql hub-deps test-deps
	$(call pytest,-n $(TEST_WORKERS) --dist loadfile --ignore=tests/browser tests)
	$(call pytest,--reruns 2 --reruns-delay 5 -rfER tests/browser)
ifneq ($(strip $(NOTEBOOKS)),)
	$(call pytest,--nbval --nbval-current-env $(NOTEBOOKS))
endif

serve: venv
	$(VENV)/bin/rules-tutor serve --port $(PORT)

# JupyterHub for a class: settings in deploy/jupyterhub_config.py (TUTOR_HUB_PASSWORD=... for a class password).
hub: venv hub-deps
	TUTOR_HUB_PORT=$(HUB_PORT) $(VENV)/bin/jupyterhub -f deploy/jupyterhub_config.py

clean:
	rm -rf $(VENV) test-artifacts build dist *.egg-info deploy/node_modules tests/node_modules
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
