#!/usr/bin/env node
import '../dist/bundle/brain.js';
