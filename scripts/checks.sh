#!/bin/sh
# The static checks of `npm test` in two lanes, one per core: the type checker alone takes about as long as
# lint, the dependency rules and the format check together. Fails when either lane fails.
npm run typecheck &
typecheck=$!
npm run lint && npm run lint:deps && npm run format:check
others=$?
wait "$typecheck"
types=$?
[ "$others" -eq 0 ] && [ "$types" -eq 0 ]
