/** The model catalog: models, their provider endpoints and per-token prices, shipped as data. */
package dev.quintet.router.catalog;
