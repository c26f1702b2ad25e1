#!/usr/bin/env node
// The published package runs its build; in the repository, `npm install` builds it (see packages/cli/build.mjs).
import '../dist/promptgrid.mjs';
