-- A shared database (issue 17 §1): a publication `FOR ALL TABLES` refuses UPDATE and DELETE on a
-- table without a replica identity, and the relationship tables of the Mission Control schema have
-- no primary key (their columns are the contract's). REPLICA IDENTITY FULL gives every such table
-- one without changing its columns, keys or what clients see.
ALTER TABLE check_component_relationships REPLICA IDENTITY FULL;
ALTER TABLE check_config_relationships REPLICA IDENTITY FULL;
ALTER TABLE component_relationships REPLICA IDENTITY FULL;
ALTER TABLE config_component_relationships REPLICA IDENTITY FULL;
ALTER TABLE config_relationships REPLICA IDENTITY FULL;
ALTER TABLE incident_relationships REPLICA IDENTITY FULL;
ALTER TABLE playbook_action_agent_data REPLICA IDENTITY FULL;
ALTER TABLE playbook_approvals REPLICA IDENTITY FULL;
ALTER TABLE severities REPLICA IDENTITY FULL;
