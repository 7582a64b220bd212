/** The record of each served chat request: model, provider, tokens, cost, timings and the endpoints tried. */
package dev.quintet.router.generations;
