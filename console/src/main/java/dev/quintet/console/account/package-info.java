/** The account page: changing the password and deleting the account. */
package dev.quintet.console.account;
