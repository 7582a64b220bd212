/** The web contract every app shares: request ids, access log, CORS, body limits, health, and app start-up. */
package dev.quintet.platform.web;
