"""The `euchre-spec` command, assembled on top of the engine, the suite, the EGN tools and the site.

Each package below registers its own subcommands; this one only puts them together, so no lower
package needs to import the command line.
"""
