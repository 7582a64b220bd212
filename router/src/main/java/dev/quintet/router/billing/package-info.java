/** Paying for calls: token costs, credit reservations against the platform ledger, and the free tier's limits. */
package dev.quintet.router.billing;
