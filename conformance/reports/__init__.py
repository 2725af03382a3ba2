"""What a run leaves behind: the JSON report and JUnit file, badges, the results log, and the
coverage of clauses, refusal reasons and scoring rows a run reached.
"""
