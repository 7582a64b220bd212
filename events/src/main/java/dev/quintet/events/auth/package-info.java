/** Bearer access tokens: checking the console's signed JWTs and the scopes each route needs. */
package dev.quintet.events.auth;
