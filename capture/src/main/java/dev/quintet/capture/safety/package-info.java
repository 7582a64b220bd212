/** Egress safety: which addresses a capture may reach, enforced in the browser and in a pinning proxy. */
package dev.quintet.capture.safety;
