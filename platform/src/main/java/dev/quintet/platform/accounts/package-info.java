/** Accounts: who signs up, with which email, plan and status. */
package dev.quintet.platform.accounts;
