"""Marshmallow schemas: JSON in, engine values out (and back), with a JSON Pointer for every bad field."""
