/** The runnable jar: {@code run} starts apps in one JVM, {@code admin} sets up accounts, keys and clients. */
package dev.quintet.server;
