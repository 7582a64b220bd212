/** OAuth 2 client registrations: the apps that may ask users for access to the events API. */
package dev.quintet.console.oauth;
