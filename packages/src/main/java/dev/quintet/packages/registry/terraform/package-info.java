/** Terraform: modules and providers on the public Terraform Registry. */
package dev.quintet.packages.registry.terraform;
