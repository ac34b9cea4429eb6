"""Grimoire: validation and site generation for the spell compendium."""
