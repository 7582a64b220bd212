/** Prepaid credits of an account, as a ledger of grants and charges in US dollars. */
package dev.quintet.platform.credits;
