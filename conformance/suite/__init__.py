"""The suite as data: scenarios and their checkpoints, how an observation is compared with them,
the outcomes a scenario can have, the requests a scenario becomes, expected failures and bundles.

Nothing here talks to an engine; everything above reads the suite through these modules.
"""
