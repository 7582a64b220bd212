/** A small API service used to test the platform contract on routes with bodies and typed parameters. */
package dev.quintet.platform.testapp;
